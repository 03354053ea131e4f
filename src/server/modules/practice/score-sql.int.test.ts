import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentScore } from '../../../domain/constants';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { asColumn, preparedStatement } from '../../db/prepared';
import { testSessions } from '../../db/schema';
import { percentScoreSql } from './score-sql';

/** Every (correct, total) pair up to 200 questions, scored by the submit's SQL. */
const scores = preparedStatement(
  'score_sql_check',
  {
    correct: sql<number>`c`.mapWith(Number),
    total: sql<number>`t`.mapWith(Number),
    score: asColumn(testSessions.score, percentScoreSql(sql`c`, sql`t`)),
  },
  (columns) => sql`select ${columns}
    from generate_series(1, ${sql.placeholder('most')}::int) t, generate_series(0, t) c order by t, c`,
);

describe('the submit statement scores as the domain does', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('gives percentScore for every count up to 200 questions, halves rounded up', async () => {
    const rows = await scores(database.db, { most: 200 });
    expect(rows).toHaveLength((201 * 202) / 2 - 1);
    const wrong = rows.filter((r) => r.score !== percentScore(r.correct, r.total));
    expect(wrong).toEqual([]);
    // The boundary docs/PRODUCT.md#pass-mark names: 69.5 % is a pass.
    expect(rows.find((r) => r.correct === 139 && r.total === 200)?.score).toBe(70);
  });
});
