import { z } from 'zod';
import { FULL_NAME_MAX, SHOP_CODE_INPUT_MAX } from '../constants';
import { EXPERIENCE_LEVEL_VALUES } from '../experience';
import { normaliseShopCode } from '../shop-code';
import { AUTH_MESSAGES } from './auth';
import { MANAGER_MESSAGES, NOTES_MAX } from './manager';

/** The words of the profile pages and the shop change request that the server also uses. */
export const PROFILE_MESSAGES = {
  shopCodeRequired: 'Please enter a shop code',
  /** One message for every code that leads nowhere, so the answer never tells which shops exist. */
  shopCodeNotAccepted: 'We could not find a shop with that code. Check the code with your manager and try again.',
  alreadyInShop: 'You are already a member of this shop.',
  pendingExists: 'You already have a pending shop change request. Cancel it before you request another shop.',
  experienceForTechnicians: 'Only technicians have an experience level.',
} as const;

/**
 * A user edits their own name, and a technician their experience level. Nothing else: role,
 * shop, e-mail and subscription fields are refused (strict), never silently applied.
 */
export const updateProfileRequestSchema = z
  .object({
    fullName: z
      .string({ message: AUTH_MESSAGES.fullNameRequired })
      .trim()
      .min(1, AUTH_MESSAGES.fullNameRequired)
      .max(FULL_NAME_MAX, AUTH_MESSAGES.fullNameTooLong)
      .optional(),
    experienceLevel: z.enum(EXPERIENCE_LEVEL_VALUES).optional(),
  })
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** Shop change request (docs/PRODUCT.md#shops): code required, upper-cased, at most 20 characters; notes optional. */
export const shopChangeRequestSchema = z
  .object({
    shopCode: z
      .string({ message: PROFILE_MESSAGES.shopCodeRequired })
      .trim()
      .min(1, PROFILE_MESSAGES.shopCodeRequired)
      .max(SHOP_CODE_INPUT_MAX, AUTH_MESSAGES.shopCodeTooLong)
      .transform(normaliseShopCode),
    notes: z
      .string()
      .trim()
      .max(NOTES_MAX, MANAGER_MESSAGES.notesTooLong)
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
