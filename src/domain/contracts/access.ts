import { z } from 'zod';
import { FEATURE_NAME_PATTERN } from '../feature-access';

/** What a gated route answers when the user's access check denies the feature (docs/PRODUCT.md#plans-and-billing). */
export const ACCESS_MESSAGES = {
  featureNotIncluded: 'Your subscription does not include this feature.',
  unknownFeature: 'Feature names use letters, digits, spaces, hyphens and underscores.',
} as const;

export const featureParamsSchema = z.object({
  feature: z.string().regex(FEATURE_NAME_PATTERN, { message: ACCESS_MESSAGES.unknownFeature }),
});

export const featureAccessSchema = z.object({
  feature: z.string(),
  granted: z.boolean(),
});
export type FeatureAccess = z.infer<typeof featureAccessSchema>;
