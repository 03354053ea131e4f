import { and, asc, eq } from 'drizzle-orm';
import {
  assembleSimulation,
  SIMULATION_UNSCORED_ITEMS,
  type SimulationDraw,
  simulationAreaCounts,
} from '../../../domain/ase-simulation';
import { CHAPTER_QUIZ_QUESTIONS, WARM_UP_QUESTIONS } from '../../../domain/constants';
import type { StartSessionRequest } from '../../../domain/contracts/practice';
import type { SessionOrigin } from '../../../domain/contracts/session-origin';
import {
  assembleFullExam,
  CATEGORY_TEST_MAX_QUESTIONS,
  drawWithCopies,
  EXAM_QUESTION_COUNT,
} from '../../../domain/exam-assembly';
import { chapterAreas } from '../../../domain/study-areas';
import type { Database, Executor } from '../../db/client';
import { aseCategories, questions, testAnswers } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { getAdaptiveQuestions } from './adaptive';
import { loadGuideIndex } from './guide-index';
import { findCategory, loadOwnSession } from './session-rows';

/*
 * What a Start creates, before anything is written: for each kind of test (category, warm-up, chapter
 * quiz, the missed questions of a test, ASE simulation, exam) the session's shape and how its questions
 * are chosen. start.ts resumes an open test of the same sort instead, or writes this plan.
 */

async function practicePool(db: Executor, categoryId: string): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.categoryId, categoryId), eq(questions.pool, 'practice'), eq(questions.active, true)));
  return rows.map((r) => r.id);
}

function randomPick(pool: string[], count: number): string[] {
  return drawWithCopies(pool, Math.min(count, pool.length));
}

/** docs/PRODUCT.md#tests: adaptive selection preferred, random fallback. */
async function adaptiveOrRandom(
  db: Database,
  techId: string,
  categoryId: string,
  count: number,
  options: { assignedAt?: Date; onlyAreas?: readonly string[] } = {},
): Promise<string[]> {
  let chosen: string[] = [];
  try {
    chosen = await getAdaptiveQuestions(db, techId, categoryId, count, options);
  } catch {
    // fall back to a random draw
  }
  return chosen.length > 0 ? chosen : randomPick(await practicePool(db, categoryId), count);
}

/** What a start request creates: the session's shape and why it exists. */
export interface Plan {
  kind: 'category' | 'exam';
  origin: SessionOrigin;
  categoryId: string | null;
  chapter: { number: number; title: string } | null;
  sourceSessionId: string | null;
  assignmentId: string | null;
  /** Chooses the questions, once we know no open session is resumed instead (a simulation marks its unscored ones). */
  questions: (now: Date) => Promise<string[] | SimulationDraw>;
  /** An ASE simulation's real testing time, instead of the exam's. */
  simulationMinutes?: number;
}

/**
 * An ASE simulation of one category (ADR 0021): its scored questions per content area in the
 * proportions of the category's table, plus the unscored items, from the practice pool, never twice.
 */
async function simulationPlan(
  db: Database,
  categoryId: string,
): Promise<Omit<Plan, 'chapter' | 'sourceSessionId' | 'assignmentId'>> {
  const [category] = await db
    .select({ areas: aseCategories.contentAreas, simulation: aseCategories.simulation })
    .from(aseCategories)
    .where(eq(aseCategories.id, categoryId));
  if (!category?.simulation) throw notFound('NOT_FOUND.category');
  const spec = category.simulation;
  return {
    kind: 'exam',
    origin: 'simulation',
    categoryId,
    simulationMinutes: spec.minutes,
    questions: async () => {
      const rows = await db
        .select({ id: questions.id, area: questions.contentArea, format: questions.format })
        .from(questions)
        .where(and(eq(questions.categoryId, categoryId), eq(questions.pool, 'practice'), eq(questions.active, true)));
      const pools = new Map<string, string[]>(category.areas.map((a) => [a.name, []]));
      for (const row of rows) pools.get(row.area)?.push(row.id) ?? pools.set(row.area, [row.id]);
      const formatOf = new Map(rows.map((row) => [row.id, row.format]));
      const counts = simulationAreaCounts(category.areas, spec.scoredQuestions);
      return assembleSimulation(pools, counts, SIMULATION_UNSCORED_ITEMS, Math.random, formatOf);
    },
  };
}

export async function plan(db: Database, techId: string, request: StartSessionRequest): Promise<Plan> {
  const base = { chapter: null, sourceSessionId: null, assignmentId: null };
  switch (request.kind) {
    case 'category': {
      const { assignmentId } = request;
      return {
        ...base,
        kind: 'category',
        origin: assignmentId ? 'assignment' : 'practice',
        categoryId: request.categoryId,
        assignmentId: assignmentId ?? null,
        // An assigned test prefers questions whose key this technician has not seen lately.
        questions: (now) =>
          adaptiveOrRandom(db, techId, request.categoryId, CATEGORY_TEST_MAX_QUESTIONS, {
            ...(assignmentId ? { assignedAt: now } : {}),
          }),
      };
    }
    case 'warm-up':
      return {
        ...base,
        kind: 'category',
        origin: 'warm_up',
        categoryId: request.categoryId,
        questions: () => adaptiveOrRandom(db, techId, request.categoryId, WARM_UP_QUESTIONS),
      };
    case 'chapter': {
      const category = await findCategory(db, request.categoryId);
      const guide = (await loadGuideIndex(db, [category.code])).get(category.code);
      const chapter = guide?.chapters.find((c) => c.number === request.chapter);
      if (!guide || !chapter) throw new AppError('NO_CHAPTER', 404);
      // A chapter that names no content area quizzes the whole category.
      const onlyAreas = chapterAreas(chapter, guide.areas);
      return {
        ...base,
        kind: 'category',
        origin: 'chapter',
        categoryId: request.categoryId,
        chapter: { number: chapter.number, title: chapter.title },
        questions: () => adaptiveOrRandom(db, techId, request.categoryId, CHAPTER_QUIZ_QUESTIONS, { onlyAreas }),
      };
    }
    case 'missed': {
      const source = await loadOwnSession(db, techId, request.sessionId);
      if (!source.completedAt) throw new AppError('NOT_SUBMITTED', 409);
      const missed = await db
        .select({ questionId: testAnswers.questionId })
        .from(testAnswers)
        .where(and(eq(testAnswers.sessionId, source.id), eq(testAnswers.isCorrect, false)))
        .orderBy(asc(testAnswers.position));
      // An exam may repeat a question as a copy: practise each once, in the order they were asked.
      const ids = [...new Set(missed.map((m) => m.questionId))];
      if (ids.length === 0) throw new AppError('NOTHING_MISSED', 409);
      return {
        ...base,
        kind: 'category',
        origin: 'missed',
        categoryId: source.categoryId,
        sourceSessionId: source.id,
        questions: async () => ids,
      };
    }
    case 'simulation':
      return { ...base, ...(await simulationPlan(db, request.categoryId)) };
    case 'exam': {
      const { categoryId } = request;
      return {
        ...base,
        kind: 'exam',
        origin: 'practice',
        categoryId,
        questions: async () => {
          if (categoryId) return drawWithCopies(await practicePool(db, categoryId), EXAM_QUESTION_COUNT);
          const categories = await db
            .select({ id: aseCategories.id })
            .from(aseCategories)
            .orderBy(asc(aseCategories.code));
          const pools = await Promise.all(categories.map((c) => practicePool(db, c.id)));
          return assembleFullExam(pools, EXAM_QUESTION_COUNT);
        },
      };
    }
  }
}
