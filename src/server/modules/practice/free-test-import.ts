import { and, asc, eq, sql } from 'drizzle-orm';
import type { Letter } from '../../../domain/content/letters';
import type { Results } from '../../../domain/contracts/practice';
import { FREE_TEST_IMPORT_DAYS, freeTestImportOpen } from '../../../domain/free-test';
import type { Database } from '../../db/client';
import { questions, testAnswers, testSessions } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { AppError } from '../../errors';
import { submitTestSession } from './submit';

/**
 * Saves the free test a visitor took before signing up into the new account's history:
 * the server scores the answers against the free test it serves, as a completed A1 session of origin
 * 'free_test'. Once per account, and only within FREE_TEST_IMPORT_DAYS of its creation (docs/PRODUCT.md#tests:
 * the signed-out free test shows each key, so any score can be made; later it would only add a perfect A1
 * test, achievements and a pass to the manager's history). Every question must be answered. One
 * transaction: the session, its answers and the submit (with every step that belongs to a submit) all land,
 * or nothing does.
 */
export async function importFreeTest(
  db: Database,
  tech: { id: string; createdAt: Date },
  answers: Record<string, Letter>,
  now = new Date(),
): Promise<{ id: string; results: Results }> {
  const techId = tech.id;
  const rows = await db
    .select({ id: questions.id, categoryId: questions.categoryId })
    .from(questions)
    .where(and(eq(questions.pool, 'free_test'), eq(questions.active, true)))
    .orderBy(asc(questions.position));
  const [first] = rows;
  if (!first || rows.some((r) => !answers[r.id])) {
    throw new AppError('NOT_ALL_ANSWERED', 400);
  }
  return db.transaction(async (tx) => {
    // Serialises two imports by the same technician: the second sees the first's session.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('free_test_import'), hashtext(${techId}))`);
    const [existing] = await tx
      .select({ id: testSessions.id })
      .from(testSessions)
      .where(and(eq(testSessions.techId, techId), eq(testSessions.origin, 'free_test')));
    if (existing) throw new AppError('FREE_TEST_SAVED', 409);
    if (!freeTestImportOpen(tech.createdAt, now)) {
      throw new AppError('FREE_TEST_TOO_LATE', 409, { days: FREE_TEST_IMPORT_DAYS });
    }
    const session = theRow(
      await tx
        .insert(testSessions)
        .values({
          techId,
          categoryId: first.categoryId,
          kind: 'category',
          origin: 'free_test',
          totalQuestions: rows.length,
          startedAt: now,
        })
        .returning({ id: testSessions.id }),
      'insert free test session',
    );
    await tx.insert(testAnswers).values(
      rows.map((r, position) => ({
        sessionId: session.id,
        position,
        questionId: r.id,
        selectedAnswer: answers[r.id],
        answeredAt: now,
      })),
    );
    return { id: session.id, results: await submitTestSession(tx, techId, session.id, now) };
  });
}
