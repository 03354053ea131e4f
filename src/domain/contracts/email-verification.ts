import { z } from 'zod';

/** How long an e-mail verification link works. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

export const EMAIL_VERIFICATION_MESSAGES = {
  verified: 'Your e-mail address is verified.',
  linkInvalid: 'This verification link is invalid, has expired or was already used. Ask for a new one.',
  sent: 'We have sent you a new verification link. Check your inbox.',
  alreadyVerified: 'Your e-mail address is already verified.',
  mailFailed: 'We could not send the e-mail just now. Please try again in a minute.',
} as const;

/** The page behind the mailed link posts the token it was given; nothing else. */
export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ message: EMAIL_VERIFICATION_MESSAGES.linkInvalid })
    .min(1, EMAIL_VERIFICATION_MESSAGES.linkInvalid)
    .max(200, EMAIL_VERIFICATION_MESSAGES.linkInvalid),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
