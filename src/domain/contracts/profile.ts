import { z } from 'zod';
import { FULL_NAME_MAX, SHOP_CODE_INPUT_MAX } from '../constants';
import { EXPERIENCE_LEVEL_VALUES } from '../experience';
import { normaliseShopCode } from '../shop-code';
import { NOTES_MAX } from './manager';

/**
 * A user edits their own name, and a technician their experience level. Nothing else: role,
 * shop, e-mail and subscription fields are refused (strict), never silently applied.
 */
export const updateProfileRequestSchema = z
  .object({
    fullName: z
      .string({ message: 'messages.auth.fullNameRequired' })
      .trim()
      .min(1, 'messages.auth.fullNameRequired')
      .max(FULL_NAME_MAX, 'messages.auth.fullNameTooLong')
      .optional(),
    experienceLevel: z.enum(EXPERIENCE_LEVEL_VALUES).optional(),
  })
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** Shop change request (docs/PRODUCT.md#shops): code required, upper-cased, at most 20 characters; notes optional. */
export const shopChangeRequestSchema = z
  .object({
    shopCode: z
      .string({ message: 'messages.profile.shopCodeRequired' })
      .trim()
      .min(1, 'messages.profile.shopCodeRequired')
      .max(SHOP_CODE_INPUT_MAX, 'messages.auth.shopCodeTooLong')
      .transform(normaliseShopCode),
    notes: z
      .string()
      .trim()
      .max(NOTES_MAX, 'messages.manager.notesTooLong')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type ShopChangeRequestInput = z.input<typeof shopChangeRequestSchema>;

export const pendingShopRequestSchema = z.object({
  id: z.string(),
  requestedShopCode: z.string(),
  shopName: z.string().nullable(),
  notes: z.string().nullable(),
  requestedAt: z.string(),
});
export type PendingShopRequest = z.infer<typeof pendingShopRequestSchema>;
export const shopRequestResponseSchema = z.object({ request: pendingShopRequestSchema.nullable() });
export type ShopRequestResponse = z.infer<typeof shopRequestResponseSchema>;
