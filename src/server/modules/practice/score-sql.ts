import { type SQL, sql } from 'drizzle-orm';

/**
 * The domain's `percentScore` (docs/PRODUCT.md#pass-mark: a whole percent, halves rounded up) as
 * integer SQL, for the submit statement, which stores the score in the same statement that counts the
 * answers. `score-sql.int.test.ts` holds it to `percentScore` for every count up to 200 questions, so
 * the two cannot drift apart. `total` is never 0 here: a session has at least one scored question.
 */
export function percentScoreSql(correct: SQL, total: SQL): SQL<number> {
  return sql<number>`(200 * ${correct} + ${total}) / (2 * ${total})`;
}
