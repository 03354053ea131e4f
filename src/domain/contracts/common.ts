import { z } from 'zod';

/** The one error shape every API failure uses (docs/ARCHITECTURE.md#a-requests-route). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    /** English, for API clients and logs; the web shows the catalogue's `errors.<key ?? code>` (ADR 0050). */
    message: z.string(),
    /** The message's catalogue id when it is more precise than the code (`NOT_FOUND.certification`). */
    key: z.string().optional(),
    /** An object holds the message's ICU arguments; an array, the fields at fault. */
    details: z.unknown().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const letterSchema = z.enum(['A', 'B', 'C', 'D'], { message: 'messages.common.answerLetter' });
