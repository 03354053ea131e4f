import { and, eq } from 'drizzle-orm';
import type { ReportReason } from '../../../domain/constants';
import type { Database } from '../../db/client';
import { questionReports, questions } from '../../db/schema';
import { AppError, notFound } from '../../errors';

const alreadyReported = () => new AppError('ALREADY_REPORTED', 409);

/**
 * A technician reports a question: once per question (409 ALREADY_REPORTED the second time,
 * also when two reports race), 404 for an unknown question. `beforeCreate` is the rate limit, counted only
 * when a report is about to be written.
 */
export async function reportQuestion(
  db: Database,
  userId: string,
  questionId: string,
  report: { reason: ReportReason; note: string | null },
  beforeCreate: () => Promise<void>,
): Promise<{ id: string; reportedAt: string }> {
  const [question] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, questionId));
  if (!question) throw notFound('NOT_FOUND.question');
  const [existing] = await db
    .select({ id: questionReports.id })
    .from(questionReports)
    .where(and(eq(questionReports.userId, userId), eq(questionReports.questionId, questionId)));
  if (existing) throw alreadyReported();
  await beforeCreate();
  const [created] = await db
    .insert(questionReports)
    .values({ userId, questionId, reason: report.reason, note: report.note })
    .onConflictDoNothing()
    .returning({ id: questionReports.id, createdAt: questionReports.createdAt });
  if (!created) throw alreadyReported();
  return { id: created.id, reportedAt: created.createdAt.toISOString() };
}
