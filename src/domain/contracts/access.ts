import { z } from 'zod';
import { FEATURE_NAME_PATTERN } from '../feature-access';

export const featureParamsSchema = z.object({
  feature: z.string().regex(FEATURE_NAME_PATTERN, { message: 'messages.access.unknownFeature' }),
});

export const featureAccessSchema = z.object({
  feature: z.string(),
  granted: z.boolean(),
});
export type FeatureAccess = z.infer<typeof featureAccessSchema>;
