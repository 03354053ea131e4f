import { z } from 'zod';
import { letterSchema } from './common';
import { exhibitViewSchema } from './exhibit';

export const questionOptionsSchema = z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() });

/** A question's Spanish words as shown before it is answered, where it is translated (ADR 0024). */
export const spanishQuestionSchema = z.object({
  question: z.string(),
  options: questionOptionsSchema,
  /** The exhibit's Spanish title, text alternative and labels, where the item has an exhibit. */
  exhibit: exhibitViewSchema.nullable(),
});
/** An answered question's Spanish explanation, sent only with the English one. */
export const spanishRevealSchema = z.object({ explanation: z.string(), whyWrong: z.string().nullable() });

/** A question as shown before it is answered: never the key or the explanation. */
export const publicQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: questionOptionsSchema,
  /** The figure or data table the question is about, null for most items. */
  exhibit: exhibitViewSchema.nullable(),
  /** Null where the item has no Spanish text yet. */
  es: spanishQuestionSchema.nullable(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export const freeTestResponseSchema = z.object({ questions: z.array(publicQuestionSchema) });

export const freeTestCheckRequestSchema = z.object({
  questionId: z.string().min(1).max(32),
  answer: letterSchema,
});

export const answerRevealSchema = z.object({
  questionId: z.string(),
  selected: letterSchema,
  correct: z.boolean(),
  correctAnswer: letterSchema,
  explanation: z.string(),
  whyWrong: z.string().nullable(),
  es: spanishRevealSchema.nullable(),
});
export type AnswerReveal = z.infer<typeof answerRevealSchema>;

export const freeTestResultRequestSchema = z.object({
  answers: z.record(z.string().max(32), letterSchema),
});

export const freeTestResultSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
});
export type FreeTestResult = z.infer<typeof freeTestResultSchema>;
