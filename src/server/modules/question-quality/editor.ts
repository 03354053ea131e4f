import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Letter } from '../../../domain/content/letters';
import type { EditorQuestion } from '../../../domain/contracts/review';
import { itemStatistics, MIN_ANSWERS_FOR_ITEM_STATS, suspicionReasons } from '../../../domain/item-statistics';
import { readSession } from '../../auth/session';
import type { Database } from '../../db/client';
import { aseCategories, questionDifficultyStats, questionEditors, questionReports, questions } from '../../db/schema';
import { AppError, notFound } from '../../errors';

/** The editor page lists at most this many questions (reported first, then the most suspicious). */
export const EDITOR_LIST_LIMIT = 200;

/**
 * A content editor (ADR 0020: granted by `npm run user:editor -- email` only). Everyone else — signed out,
 * technicians, managers — gets 404, so the editor routes cannot be told from routes that do not exist.
 */
export async function requireEditor(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const user = await readSession(request, reply);
  if (!user) throw notFound();
  const [editor] = await request.server.db
    .select({ userId: questionEditors.userId })
    .from(questionEditors)
    .where(eq(questionEditors.userId, user.userId));
  if (!editor) throw notFound();
  return editor.userId;
}

/**
 * The questions an editor should look at: every reported one and every one the statistics call suspicious
 * (enough answers, and negative discrimination, p above 0.95 or below 0.2, or a distractor nobody picks),
 * with its statistics and reports. Open reports first (most first), then resolved-only reports, then by how
 * many reasons the statistics give. Statistics come from the job's sums, never from the answers here.
 */
export async function listEditorQuestions(db: Database): Promise<EditorQuestion[]> {
  const reported = db.selectDistinct({ id: questionReports.questionId }).from(questionReports);
  const rows = await db
    .select({
      id: questions.id,
      code: aseCategories.code,
      contentArea: questions.contentArea,
      question: questions.questionText,
      a: questions.optionA,
      b: questions.optionB,
      c: questions.optionC,
      d: questions.optionD,
      correctAnswer: questions.correctAnswer,
      difficulty: questions.difficulty,
      answered: questionDifficultyStats.scoredAnswers,
      scoreSum: questionDifficultyStats.scoreSum,
      scoreSquareSum: questionDifficultyStats.scoreSquareSum,
      correctScoreSum: questionDifficultyStats.correctScoreSum,
      picksA: questionDifficultyStats.picksA,
      picksB: questionDifficultyStats.picksB,
      picksC: questionDifficultyStats.picksC,
      picksD: questionDifficultyStats.picksD,
    })
    .from(questions)
    .innerJoin(aseCategories, eq(aseCategories.id, questions.categoryId))
    .leftJoin(questionDifficultyStats, eq(questionDifficultyStats.questionId, questions.id))
    .where(
      or(
        inArray(questions.id, reported),
        sql`${questionDifficultyStats.scoredAnswers} >= ${MIN_ANSWERS_FOR_ITEM_STATS}`,
      ),
    );
  const ids = rows.map((r) => r.id);
  const reports =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(questionReports)
          .where(inArray(questionReports.questionId, ids))
          .orderBy(sql`${questionReports.resolvedAt} is not null`, sql`${questionReports.createdAt} desc`);
  const byQuestion = new Map<string, typeof reports>();
  for (const report of reports)
    byQuestion.set(report.questionId, [...(byQuestion.get(report.questionId) ?? []), report]);

  const listed: EditorQuestion[] = [];
  for (const row of rows) {
    const picks: Record<Letter, number> = {
      A: row.picksA ?? 0,
      B: row.picksB ?? 0,
      C: row.picksC ?? 0,
      D: row.picksD ?? 0,
    };
    const stats = itemStatistics({
      answered: row.answered ?? 0,
      correct: picks[row.correctAnswer],
      scoreSum: row.scoreSum ?? 0,
      scoreSquareSum: row.scoreSquareSum ?? 0,
      correctScoreSum: row.correctScoreSum ?? 0,
      picks,
    });
    const suspicions = suspicionReasons(stats, row.correctAnswer);
    const questionReportsOf = byQuestion.get(row.id) ?? [];
    if (suspicions.length === 0 && questionReportsOf.length === 0) continue;
    listed.push({
      id: row.id,
      categoryCode: row.code,
      contentArea: row.contentArea,
      question: row.question,
      options: { A: row.a, B: row.b, C: row.c, D: row.d },
      correctAnswer: row.correctAnswer,
      authoredDifficulty: row.difficulty,
      stats,
      suspicions,
      openReports: questionReportsOf.filter((r) => r.resolvedAt === null).length,
      reports: questionReportsOf.map((r) => ({
        id: r.id,
        reason: r.reason,
        note: r.note,
        reportedAt: r.createdAt.toISOString(),
        resolvedAt: r.resolvedAt?.toISOString() ?? null,
        resolutionNote: r.resolutionNote,
      })),
    });
  }
  return listed
    .sort(
      (x, y) =>
        y.openReports - x.openReports ||
        y.reports.length - x.reports.length ||
        y.suspicions.length - x.suspicions.length ||
        x.id.localeCompare(y.id),
    )
    .slice(0, EDITOR_LIST_LIMIT);
}

/** Resolves an open report with the editor's note; 404 for an unknown report, 409 for one already resolved. */
export async function resolveReport(db: Database, editorId: string, reportId: string, note: string, now = new Date()) {
  const [resolved] = await db
    .update(questionReports)
    .set({ resolvedAt: now, resolvedBy: editorId, resolutionNote: note })
    .where(and(eq(questionReports.id, reportId), isNull(questionReports.resolvedAt)))
    .returning({ id: questionReports.id, resolvedAt: questionReports.resolvedAt });
  if (resolved) return { id: resolved.id, resolvedAt: (resolved.resolvedAt as Date).toISOString() };
  const [existing] = await db
    .select({ id: questionReports.id })
    .from(questionReports)
    .where(eq(questionReports.id, reportId));
  if (!existing) throw notFound('NOT_FOUND.report');
  throw new AppError('REPORT_RESOLVED', 409);
}
