import { and, eq, sql } from 'drizzle-orm';
import type { Exhibit } from '../../../domain/content/exhibit';
import type { Letter } from '../../../domain/content/letters';
import type { ItemTranslation } from '../../../domain/content/schemas';
import type { Reveal } from '../../../domain/contracts/practice';
import { isBeforeDeadline } from '../../../domain/exam-assembly';
import { shownReason, spanishReveal } from '../../../domain/translation';
import type { Executor } from '../../db/client';
import { columnOf, type RowOf, typedQuery } from '../../db/prepared';
import { shownQuestionColumns } from '../../db/question-columns';
import { aseCategories, questions, testAnswers, testSessions } from '../../db/schema';
import { AppError, notFound } from '../../errors';

/** Rows and reads shared by the practice actions (start, answer, submit, read). */
export type SessionRow = typeof testSessions.$inferSelect;

export const lockedAnswer = () => new AppError('ANSWER_LOCKED', 409);

export const testNotFound = () => new AppError('NOT_FOUND.test', 404);
export const alreadySubmitted = () => new AppError('ALREADY_SUBMITTED', 409);
export const timeUp = () => new AppError('TIME_UP', 409);

export type CategoryRef = { id: string; code: string; name: string };

/** One question slot of a session with its question, as the runner and the results show it. */
export interface SlotRow {
  position: number;
  selected: Letter | null;
  flagged: boolean;
  isCorrect: boolean | null;
  /** False for an ASE simulation's unscored item (ADR 0021). */
  scored: boolean;
  question: {
    id: string;
    text: string;
    options: Record<Letter, string>;
    correctAnswer: Letter;
    explanation: string;
    whyWrong: Partial<Record<Letter, string>>;
    exhibit: Exhibit | null;
    es: ItemTranslation | null;
  };
  categoryCode: string;
  categoryName: string;
  contentArea: string;
}

/** The key and explanation of an answered question (instant feedback, and the free test's reveal). */
export function revealOf(
  question: Pick<SlotRow['question'], 'correctAnswer' | 'explanation' | 'whyWrong' | 'es'>,
  selected: Letter,
): Reveal {
  const correct = question.correctAnswer === selected;
  return {
    correctAnswer: question.correctAnswer,
    correct,
    explanation: question.explanation,
    whyWrong: shownReason(question.whyWrong, selected, correct),
    es: spanishReveal(question.es, selected, correct),
  };
}

export async function findCategory(db: Executor, categoryId: string): Promise<CategoryRef> {
  const [category] = await db
    .select({ id: aseCategories.id, code: aseCategories.code, name: aseCategories.name })
    .from(aseCategories)
    .where(eq(aseCategories.id, categoryId));
  if (!category) throw notFound('NOT_FOUND.category');
  return category;
}

/**
 * A session's slot with its question and category, as the session read returns it (the submit reads its
 * slots' question versions instead and takes the words from question-texts.ts).
 */
function slotFields(slot: string, question: string, category: string) {
  return {
    position: columnOf(slot, testAnswers.position),
    selected_answer: columnOf(slot, testAnswers.selectedAnswer),
    flagged: columnOf(slot, testAnswers.flagged),
    is_correct: columnOf(slot, testAnswers.isCorrect),
    scored: columnOf(slot, testAnswers.scored),
    question_id: columnOf(slot, testAnswers.questionId),
    ...shownQuestionColumns(question),
    correct_answer: columnOf(question, questions.correctAnswer),
    explanation: columnOf(question, questions.explanation),
    why_wrong: columnOf(question, questions.whyWrong),
    code: columnOf(category, aseCategories.code),
    name: columnOf(category, aseCategories.name),
    content_area: columnOf(question, questions.contentArea),
  };
}

type SlotDbRow = RowOf<ReturnType<typeof slotFields>>;

/** A question's words, key and explanations as read by `shownQuestionColumns` and its key columns. */
export function questionOf(
  id: string,
  r: Pick<
    SlotDbRow,
    | 'question_text'
    | 'option_a'
    | 'option_b'
    | 'option_c'
    | 'option_d'
    | 'correct_answer'
    | 'explanation'
    | 'why_wrong'
    | 'exhibit'
    | 'es'
  >,
): SlotRow['question'] {
  return {
    id,
    text: r.question_text,
    options: { A: r.option_a, B: r.option_b, C: r.option_c, D: r.option_d },
    correctAnswer: r.correct_answer,
    explanation: r.explanation,
    whyWrong: r.why_wrong,
    exhibit: r.exhibit,
    es: r.es,
  };
}

function toSlotRow(r: SlotDbRow): SlotRow {
  return {
    position: r.position,
    selected: r.selected_answer,
    flagged: r.flagged,
    isCorrect: r.is_correct,
    scored: r.scored,
    question: questionOf(r.question_id, r),
    categoryCode: r.code,
    categoryName: r.name,
    contentArea: r.content_area,
  };
}

export async function loadSlotRows(db: Executor, sessionId: string): Promise<SlotRow[]> {
  const rows = await typedQuery(
    db,
    slotFields('ta', 'q', 'c'),
    (columns) => sql`
    select ${columns}
    from test_answers ta
    join questions q on q.id = ta.question_id
    join ase_categories c on c.id = q.category_id
    where ta.session_id = ${sessionId}
    order by ta.position`,
  );
  return rows.map(toSlotRow);
}

export async function loadOwnSession(db: Executor, techId: string, sessionId: string): Promise<SessionRow> {
  const [session] = await db
    .select()
    .from(testSessions)
    .where(and(eq(testSessions.id, sessionId), eq(testSessions.techId, techId)));
  if (!session) throw testNotFound();
  return session;
}

export function isExpired(session: SessionRow, now: Date) {
  return session.completedAt === null && !isBeforeDeadline(now, session.deadlineAt);
}
