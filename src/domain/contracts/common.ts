import { z } from 'zod';

/** The one error shape every API failure uses (ARCHITECTURE "HTTP API"). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const letterSchema = z.enum(['A', 'B', 'C', 'D'], { message: 'Answer must be one of A, B, C or D' });
