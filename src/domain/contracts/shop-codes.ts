import { z } from 'zod';
import { SHOP_CODE_INPUT_MAX } from '../constants';

/** A code as someone typed it (the sign-up form's live check); the server reads it as sign-up does. */
export const shopCodeLookupParamsSchema = z.object({
  code: z.string().max(SHOP_CODE_INPUT_MAX, 'messages.auth.shopCodeTooLong'),
});

/** The shop the code leads to (its name and exact code), or null when it leads to none. */
export const shopCodeLookupResponseSchema = z.object({
  shop: z.object({ name: z.string(), shopCode: z.string() }).nullable(),
});
export type ShopCodeLookupResponse = z.infer<typeof shopCodeLookupResponseSchema>;
