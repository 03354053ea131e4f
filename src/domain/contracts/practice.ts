import { z } from 'zod';
import { earnedAchievementSchema } from './achievements';
import { letterSchema } from './common';
import { exhibitViewSchema } from './exhibit';
import {
  freeTestResultRequestSchema,
  publicQuestionSchema,
  questionOptionsSchema,
  spanishRevealSchema,
} from './free-test';
import { sessionOriginSchema } from './session-origin';

/** At most this many full or category exams may be open at once per technician (ADR 0010). */
export const OPEN_EXAMS_MAX = 2;

export const startSessionRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('category'),
    categoryId: z.uuid({ message: 'messages.common.categoryRequired' }),
    assignmentId: z.uuid().optional(),
  }),
  z.object({
    kind: z.literal('exam'),
    /** Null for the full comprehensive exam. */
    categoryId: z.uuid({ message: 'messages.common.categoryRequired' }).nullable(),
  }),
  /** A category test of the questions missed (wrong or blank) in one of the technician's submitted tests. */
  z.object({ kind: z.literal('missed'), sessionId: z.uuid({ message: 'messages.practice.testNotFound' }) }),
  /** Five questions of the content areas a study-guide chapter covers. */
  z.object({
    kind: z.literal('chapter'),
    categoryId: z.uuid({ message: 'messages.common.categoryRequired' }),
    chapter: z.number().int().min(1).max(99),
  }),
  /** The first visit's short warm-up in the test the technician is preparing for. */
  z.object({ kind: z.literal('warm-up'), categoryId: z.uuid({ message: 'messages.common.categoryRequired' }) }),
  /** An ASE simulation of one category: the real test's length, time and content areas. */
  z.object({ kind: z.literal('simulation'), categoryId: z.uuid({ message: 'messages.common.categoryRequired' }) }),
]);
export type StartSessionRequest = z.infer<typeof startSessionRequestSchema>;

export const sessionParamsSchema = z.object({ id: z.uuid({ message: 'messages.practice.testNotFound' }) });
export const answerParamsSchema = sessionParamsSchema.extend({
  position: z.coerce.number().int().min(0).max(59),
});

export const saveAnswerRequestSchema = z
  .object({ answer: letterSchema.optional(), flagged: z.boolean().optional() })
  .refine((v) => v.answer !== undefined || v.flagged !== undefined, { message: 'messages.practice.nothingToSave' });

/** The key and explanation of an answered question, shown at once in an instant-feedback test. */
export const revealSchema = z.object({
  correctAnswer: letterSchema,
  correct: z.boolean(),
  explanation: z.string(),
  whyWrong: z.string().nullable(),
  es: spanishRevealSchema.nullable(),
});
export type Reveal = z.infer<typeof revealSchema>;

export const slotSchema = z.object({
  position: z.number().int(),
  question: publicQuestionSchema,
  categoryCode: z.string(),
  selected: letterSchema.nullable(),
  flagged: z.boolean(),
  /** Only in an instant-feedback test, only once the question is answered. */
  reveal: revealSchema.nullable(),
});

export const reviewItemSchema = z.object({
  position: z.number().int(),
  questionId: z.string(),
  question: z.string(),
  options: z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() }),
  exhibit: exhibitViewSchema.nullable(),
  categoryCode: z.string(),
  contentArea: z.string(),
  selected: letterSchema.nullable(),
  /** Null for a question left unanswered: its key is not revealed. */
  correctAnswer: letterSchema.nullable(),
  correct: z.boolean(),
  /** Null for a question left unanswered, like the key. */
  explanation: z.string().nullable(),
  whyWrong: z.string().nullable(),
  /**
   * The study-guide section on the question's own content area (ADR 0031), its Spanish title where
   * translated; null when the guide has no section on it (no link is shown).
   */
  studySection: z
    .object({
      chapter: z.number().int(),
      section: z.number().int(),
      title: z.string(),
      es: z.object({ title: z.string() }).nullable(),
    })
    .nullable(),
  /** False for an ASE simulation's unscored item, said only in the results (ADR 0021). */
  scored: z.boolean(),
  /** The Spanish words, where the item is translated; explanation and reason are null exactly when the English ones are. */
  es: z
    .object({
      question: z.string(),
      options: questionOptionsSchema,
      exhibit: exhibitViewSchema.nullable(),
      explanation: z.string().nullable(),
      whyWrong: z.string().nullable(),
    })
    .nullable(),
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
  /** Per content area, with the study-guide chapter that covers it; `weakest` marks the one to work on. */
  areas: z.array(
    z.object({
      categoryCode: z.string(),
      area: z.string(),
      correct: z.number().int(),
      total: z.number().int(),
      weakest: z.boolean(),
      /** The chapter's Spanish title beside the English, null where untranslated (ADR 0024). */
      chapter: z
        .object({
          number: z.number().int(),
          title: z.string(),
          es: z.object({ title: z.string() }).nullable(),
        })
        .nullable(),
    }),
  ),
  review: z.array(reviewItemSchema),
  /** Achievements this submit granted (announced once; empty on every later read). */
  newAchievements: z.array(earnedAchievementSchema),
});
export type Results = z.infer<typeof resultsSchema>;

const categoryRefSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const sessionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['category', 'exam']),
  origin: sessionOriginSchema,
  category: categoryRefSchema.nullable(),
  /** A chapter quiz's chapter. */
  chapter: z.object({ number: z.number().int(), title: z.string() }).nullable(),
  assignmentId: z.string().nullable(),
  /**
   * An assigned test's assignment: who assigned it and its due date (the runner's header says so), the attempts
   * submitted so far and whether one passed (its results); null for any other test.
   */
  assignment: z
    .object({ assignedBy: z.string(), dueDate: z.string(), attempts: z.number().int(), completed: z.boolean() })
    .nullable(),
  /** Each answer locks and shows its explanation as it is chosen. */
  instantFeedback: z.boolean(),
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
  reveal: revealSchema.nullable(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** What names a session in a list: the client words it in the user's language. */
const sessionLabelSchema = z.object({
  kind: z.enum(['category', 'exam']),
  origin: sessionOriginSchema,
  category: categoryRefSchema.nullable(),
  chapter: z.number().int().nullable(),
});
export type SessionLabel = z.infer<typeof sessionLabelSchema>;

export const historyItemSchema = sessionLabelSchema.extend({
  id: z.string(),
  title: z.string(),
  status: z.enum(['Completed', 'In Progress']),
  /** Null until completed; then whether the score reached the pass mark. */
  passed: z.boolean().nullable(),
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
  status: z.enum(['Not Started', 'In Progress', 'Not Passed Yet', 'Overdue', 'Completed']),
  dueSoon: z.boolean(),
  testSessionId: z.string().nullable(),
  /** The linked session while it is still in progress: Start Test resumes it rather than starting anew. */
  openSessionId: z.string().nullable(),
  /** Attempts submitted (none passed, or it would be completed). */
  attempts: z.number().int(),
  /** The latest submitted attempt, for "Not passed yet — 30 % (needs 70 %)" and practising its misses. */
  lastAttempt: z.object({ sessionId: z.string(), score: z.number().int(), missed: z.number().int() }).nullable(),
});
export type AssignedTest = z.infer<typeof assignedTestSchema>;

/** A test the technician has started and not submitted (exams only while their time runs). */
export const openTestSchema = sessionLabelSchema.extend({
  id: z.string(),
  answered: z.number().int(),
  total: z.number().int(),
  startedAt: z.string(),
  deadlineAt: z.string().nullable(),
});
export type OpenTest = z.infer<typeof openTestSchema>;

/** Per category: the last result and the open category test that Start Test resumes. */
export const categoryProgressSchema = z.object({
  categoryId: z.string(),
  lastScore: z.number().int().nullable(),
  lastPassed: z.boolean().nullable(),
  openSessionId: z.string().nullable(),
});
export type CategoryProgress = z.infer<typeof categoryProgressSchema>;

export const dashboardSchema = z.object({
  /** Newest first. */
  openTests: z.array(openTestSchema),
  categories: z.array(categoryProgressSchema),
  /** Whether the free test taken before sign-up is already in the history. */
  freeTestSaved: z.boolean(),
  /**
   * Whether it may still be saved: not saved yet, and the account is younger than FREE_TEST_IMPORT_DAYS
   * (src/domain/free-test.ts). The dashboard offers it only then.
   */
  freeTestImportOpen: z.boolean(),
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
  category: categoryRefSchema,
  chapters: z.array(
    z.object({
      number: z.number().int(),
      title: z.string(),
      description: z.string(),
      /** The content areas it covers: its "Quiz me on this chapter" draws from them. */
      areas: z.array(z.string()),
      sections: z.array(
        z.object({
          number: z.number().int(),
          title: z.string(),
          content: z.string(),
          es: z.object({ title: z.string(), content: z.string() }).nullable(),
        }),
      ),
      /** The Spanish title and description, where translated (ADR 0024). */
      es: z.object({ title: z.string(), description: z.string() }).nullable(),
    }),
  ),
});
export type StudyGuide = z.infer<typeof studyGuideSchema>;
export const studyGuideParamsSchema = z.object({
  code: z.string().regex(/^A[1-8]$/i, 'messages.practice.studyGuideNotFound'),
});

/** The free test taken before signing up, saved into the new account's history. */
export const freeTestImportRequestSchema = freeTestResultRequestSchema;
