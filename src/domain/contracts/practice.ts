import { z } from 'zod';
import { letterSchema } from './common';
import { publicQuestionSchema } from './free-test';

/** SPEC §8: the words shown when a submit does not save. */
export const PRACTICE_MESSAGES = {
  categorySaveFailed: (reason: string) => `Failed to save test answers: ${reason}`,
  examSaveFailed: 'Failed to save test answers. Please try again.',
  notAllAnswered: 'Answer every question before submitting.',
  alreadySubmitted: 'This test has already been submitted.',
  timeUp: 'Time is up: this exam has been submitted.',
  openExamsLimit: 'You already have 2 exams in progress. Finish one of them before starting another.',
} as const;

/** At most this many full or category exams may be open at once per technician (issue 14, ADR 0010). */
export const OPEN_EXAMS_MAX = 2;

export const startSessionRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('category'),
    categoryId: z.uuid({ message: 'Please choose a category' }),
    assignmentId: z.uuid().optional(),
  }),
  z.object({
    kind: z.literal('exam'),
    /** Null for the full comprehensive exam. */
    categoryId: z.uuid({ message: 'Please choose a category' }).nullable(),
  }),
]);
export type StartSessionRequest = z.infer<typeof startSessionRequestSchema>;

export const sessionParamsSchema = z.object({ id: z.uuid({ message: 'Test not found' }) });
export const answerParamsSchema = sessionParamsSchema.extend({
  position: z.coerce.number().int().min(0).max(59),
});

export const saveAnswerRequestSchema = z
  .object({ answer: letterSchema.optional(), flagged: z.boolean().optional() })
  .refine((v) => v.answer !== undefined || v.flagged !== undefined, { message: 'Nothing to save' });

export const slotSchema = z.object({
  position: z.number().int(),
  question: publicQuestionSchema,
  categoryCode: z.string(),
  selected: letterSchema.nullable(),
  flagged: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

export const reviewItemSchema = z.object({
  position: z.number().int(),
  questionId: z.string(),
  question: z.string(),
  options: z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() }),
  categoryCode: z.string(),
  selected: letterSchema.nullable(),
  /** Null for a question left unanswered: its key is not revealed (issue 14). */
  correctAnswer: letterSchema.nullable(),
  correct: z.boolean(),
  /** Null for a question left unanswered, like the key. */
  explanation: z.string().nullable(),
  whyWrong: z.string().nullable(),
  studyChapter: z.number().int(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const resultsSchema = z.object({
  score: z.number().int(),
  passed: z.boolean(),
  correct: z.number().int(),
  total: z.number().int(),
  completedAt: z.string(),
  breakdown: z.array(
    z.object({
      categoryCode: z.string(),
      categoryName: z.string(),
      correct: z.number().int(),
      total: z.number().int(),
    }),
  ),
  review: z.array(reviewItemSchema),
});
export type Results = z.infer<typeof resultsSchema>;

export const sessionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['category', 'exam']),
  category: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  assignmentId: z.string().nullable(),
  startedAt: z.string(),
  deadlineAt: z.string().nullable(),
  /** Seconds left by the server's clock when this was sent (exams only). */
  remainingSeconds: z.number().int().nullable(),
  status: z.enum(['in_progress', 'completed']),
  slots: z.array(slotSchema),
  results: resultsSchema.nullable(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const savedAnswerSchema = z.object({
  position: z.number().int(),
  selected: letterSchema.nullable(),
  flagged: z.boolean(),
});

export const historyItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['category', 'exam']),
  title: z.string(),
  status: z.enum(['Completed', 'In Progress']),
  score: z.number().int().nullable(),
  correct: z.number().int(),
  total: z.number().int(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const assignedTestSchema = z.object({
  id: z.string(),
  category: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  dueDate: z.string(),
  notes: z.string().nullable(),
  status: z.enum(['Not Started', 'In Progress', 'Overdue', 'Completed']),
  dueSoon: z.boolean(),
  testSessionId: z.string().nullable(),
  /** The linked session while it is still in progress: Start Test resumes it rather than starting anew. */
  openSessionId: z.string().nullable(),
});
export type AssignedTest = z.infer<typeof assignedTestSchema>;

export const dashboardSchema = z.object({
  insights: z.object({
    testsTaken: z.number().int(),
    averageScore: z.number().int(),
    testsPassed: z.number().int(),
    bestScore: z.number().int(),
  }),
  history: z.array(historyItemSchema),
  /** Null for a technician without a shop (the section is hidden). */
  assignments: z.array(assignedTestSchema).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const studyGuideSchema = z.object({
  category: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  chapters: z.array(
    z.object({
      number: z.number().int(),
      title: z.string(),
      description: z.string(),
      sections: z.array(z.object({ number: z.number().int(), title: z.string(), content: z.string() })),
    }),
  ),
});
export type StudyGuide = z.infer<typeof studyGuideSchema>;
export const studyGuideParamsSchema = z.object({ code: z.string().regex(/^A[1-8]$/i, 'Study guide not found') });
