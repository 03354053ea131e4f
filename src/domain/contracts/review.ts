import { z } from 'zod';
import { REPORT_REASONS } from '../constants';
import { letterSchema } from './common';
import { exhibitViewSchema } from './exhibit';
import { spanishQuestionSchema } from './free-test';

/** Question ids are content ids (a1-0042, free-3). */
export const questionIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]*$/, { message: 'messages.review.questionNotFound' });

export const DIFFICULTY_LABELS = ['easy', 'medium', 'hard'] as const;

/** The deck in numbers: due now (the dashboard's "Review — N due"), due today, learning, mastered. */
export const deckSummarySchema = z.object({
  dueNow: z.number().int(),
  dueToday: z.number().int(),
  learning: z.number().int(),
  mastered: z.number().int(),
  total: z.number().int(),
  /** When the next card falls due, if none is due now. */
  nextDueAt: z.string().nullable(),
});
export type DeckSummary = z.infer<typeof deckSummarySchema>;

export const reviewCardSchema = z.object({
  questionId: z.string(),
  categoryCode: z.string(),
  contentArea: z.string(),
  question: z.string(),
  options: z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() }),
  exhibit: exhibitViewSchema.nullable(),
  /** From the answers of every technician once there are enough of them, else the author's (ADR 0020). */
  difficulty: z.enum(DIFFICULTY_LABELS),
  /** The Spanish stem and options, where translated (ADR 0024). */
  es: spanishQuestionSchema.nullable(),
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const reviewSessionSchema = z.object({
  cards: z.array(reviewCardSchema),
});
export type ReviewSession = z.infer<typeof reviewSessionSchema>;

export const reviewAnswerParamsSchema = z.object({ questionId: questionIdSchema });
export const reviewAnswerRequestSchema = z.object({ answer: letterSchema });

export const reviewAnswerResultSchema = z.object({
  correct: z.boolean(),
  correctAnswer: letterSchema,
  explanation: z.string(),
  /** Why each wrong option is wrong (the options the content explains). */
  whyWrong: z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() }).partial(),
  /** The Spanish explanation and reasons, where translated. */
  es: z
    .object({
      explanation: z.string(),
      whyWrong: z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() }).partial(),
    })
    .nullable(),
  /** When the card comes back. */
  nextDueAt: z.string(),
});
export type ReviewAnswerResult = z.infer<typeof reviewAnswerResultSchema>;

export const questionReportParamsSchema = z.object({ id: questionIdSchema });
export const questionReportRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z
    .string()
    .trim()
    .max(1000, { message: 'messages.review.noteTooLong' })
    .optional()
    .transform((v) => (v ? v : null)),
});
export const questionReportCreatedSchema = z.object({ id: z.string(), reportedAt: z.string() });

export const SUSPICION_REASONS = ['negative_discrimination', 'too_easy', 'too_hard', 'unused_distractor'] as const;

export const editorReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  reportedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});

export const editorQuestionSchema = z.object({
  id: z.string(),
  categoryCode: z.string(),
  contentArea: z.string(),
  question: z.string(),
  options: z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() }),
  correctAnswer: letterSchema,
  authoredDifficulty: z.enum(DIFFICULTY_LABELS),
  stats: z.object({
    answered: z.number().int(),
    pValue: z.number().nullable(),
    discrimination: z.number().nullable(),
    picks: z.object({ A: z.number().int(), B: z.number().int(), C: z.number().int(), D: z.number().int() }),
  }),
  suspicions: z.array(z.enum(SUSPICION_REASONS)),
  openReports: z.number().int(),
  reports: z.array(editorReportSchema),
});
export type EditorQuestion = z.infer<typeof editorQuestionSchema>;

export const editorQuestionListSchema = z.object({
  questions: z.array(editorQuestionSchema),
  /** The answers a question needs before its statistics flag it (ADR 0020). */
  minAnswers: z.number().int(),
});
export type EditorQuestionList = z.infer<typeof editorQuestionListSchema>;

export const resolveReportParamsSchema = z.object({ id: z.uuid({ message: 'messages.review.reportNotFound' }) });
export const resolveReportRequestSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, { message: 'messages.review.resolutionNoteRequired' })
    .max(1000, { message: 'messages.review.noteTooLong' }),
});
