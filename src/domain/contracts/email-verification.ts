import { z } from 'zod';

/** How long an e-mail verification link works. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/** The page behind the mailed link posts the token it was given; nothing else. */
export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ message: 'messages.emailVerification.linkInvalid' })
    .min(1, 'messages.emailVerification.linkInvalid')
    .max(200, 'messages.emailVerification.linkInvalid'),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
