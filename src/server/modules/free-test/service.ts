import { and, asc, eq } from 'drizzle-orm';
import { isPassingScore, percentScore } from '../../../domain/constants';
import type { Letter } from '../../../domain/content/letters';
import type { AnswerReveal, FreeTestResult, PublicQuestion } from '../../../domain/contracts/free-test';
import { shownReason, spanishQuestion, spanishReveal } from '../../../domain/translation';
import type { Database } from '../../db/client';
import { questions } from '../../db/schema';
import { notFound } from '../../errors';

type QuestionRow = typeof questions.$inferSelect;

export function toPublicQuestion(row: QuestionRow): PublicQuestion {
  return {
    id: row.id,
    question: row.questionText,
    options: { A: row.optionA, B: row.optionB, C: row.optionC, D: row.optionD },
    exhibit: row.exhibit ?? null,
    es: spanishQuestion(row.es),
  };
}

export function revealAnswer(row: QuestionRow, selected: Letter): AnswerReveal {
  const correct = row.correctAnswer === selected;
  return {
    questionId: row.id,
    selected,
    correct,
    correctAnswer: row.correctAnswer,
    explanation: row.explanation,
    whyWrong: shownReason(row.whyWrong, selected, correct),
    es: spanishReveal(row.es, selected, correct),
  };
}

async function freeTestRows(db: Database): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.pool, 'free_test'), eq(questions.active, true)))
    .orderBy(asc(questions.position));
}

export async function getFreeTest(db: Database): Promise<PublicQuestion[]> {
  return (await freeTestRows(db)).map(toPublicQuestion);
}

export async function checkFreeTestAnswer(db: Database, questionId: string, answer: Letter): Promise<AnswerReveal> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.pool, 'free_test')));
  if (!row) throw notFound('NOT_FOUND.question');
  return revealAnswer(row, answer);
}

/** Scores a whole free test; unknown question ids are ignored, unanswered ones count as wrong. */
export async function scoreFreeTest(db: Database, answers: Record<string, Letter>): Promise<FreeTestResult> {
  const rows = await freeTestRows(db);
  const correct = rows.filter((row) => answers[row.id] === row.correctAnswer).length;
  const score = percentScore(correct, rows.length);
  return { correct, total: rows.length, score, passed: isPassingScore(score) };
}
