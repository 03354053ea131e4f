/**
 * Does the generated history look like what the app writes? A technician who has never practised takes
 * one category test through the API (start, 20 answers, submit); each row it left is compared, column by
 * column, with a generated row of the same table: which columns are set or empty, and the keys of JSON
 * values. Returns the differences (none when the shapes match).
 */
import type pg from 'pg';
import { queryRow, signUpTechs } from './harness';

type Row = Record<string, unknown>;

/** A value's shape: null, a scalar's type, an array's length class, or an object's keys (one level down too). */
function shapeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) {
    const set = value.find((v) => v !== null && v !== undefined);
    return `array(${set === undefined ? 'unset' : shapeOf(set)})`;
  }
  if (typeof value === 'object') {
    const [first] = Object.entries(value as Row);
    const inner = first ? shapeOf(first[1]) : '';
    return `object{${inner}}`;
  }
  return typeof value;
}

function compare(table: string, real: Row | undefined, generated: Row | undefined): string[] {
  if (!real) return [`${table}: the real submit left no row`];
  if (!generated) return [`${table}: no generated row`];
  const differences: string[] = [];
  for (const column of Object.keys(real)) {
    const a = shapeOf(real[column]);
    const b = shapeOf(generated[column]);
    if (a !== b) differences.push(`${table}.${column}: real ${a}, generated ${b}`);
  }
  return differences;
}

export async function compareWithRealSubmit(origin: string, db: pg.Client): Promise<string[]> {
  const [cookie] = await signUpTechs(origin, 1, 'scale.sample');
  if (!cookie) throw new Error('the sample technician got no session cookie');
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const user = await queryRow<{ id: string }>(
    db,
    `select id from auth_users where email = 'scale.sample0@example.com'`,
  );
  const category = await queryRow<{ id: string }>(db, `select id from ase_categories where code = 'A4'`);
  const started = await fetch(`${origin}/api/v1/test-sessions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kind: 'category', categoryId: category.id }),
  });
  const session = (await started.json()) as { id: string; slots: { position: number; question: { id: string } }[] };
  const { rows: keys } = await db.query<{ id: string; correct_answer: string }>(
    'select id, correct_answer from questions where id = any($1)',
    [session.slots.map((s) => s.question.id)],
  );
  const key = new Map(keys.map((k) => [k.id, k.correct_answer]));
  for (const slot of session.slots) {
    // Twelve right, eight wrong: the wrong ones go to the review deck.
    const right = key.get(slot.question.id) as string;
    const answer = slot.position < 12 ? right : right === 'A' ? 'B' : 'A';
    const r = await fetch(`${origin}/api/v1/test-sessions/${session.id}/answers/${slot.position}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ answer }),
    });
    if (!r.ok) throw new Error(`sample answer: ${r.status} ${await r.text()}`);
  }
  const submitted = await fetch(`${origin}/api/v1/test-sessions/${session.id}/submit`, {
    method: 'POST',
    headers: { cookie, origin },
  });
  if (!submitted.ok) throw new Error(`sample submit: ${submitted.status} ${await submitted.text()}`);

  const one = async (statement: string) => (await db.query<Row>(statement)).rows[0];
  // Any other technician's history is generated (the measured shop's included).
  const generatedTech = `(select tech_id from tech_test_totals where tech_id <> '${user.id}' order by tech_id limit 1)`;
  const generatedSession = `(select id from test_sessions where tech_id = ${generatedTech} and completed_at is not null limit 1)`;
  // Table, the real row (by the sample's session or user), the generated row.
  const pairs: [string, string, string][] = [
    ['test_sessions', `id = '${session.id}'`, `id = ${generatedSession}`],
    ['test_answers', `session_id = '${session.id}'`, `session_id = ${generatedSession}`],
    ['user_question_progress', `user_id = '${user.id}'`, `user_id = ${generatedTech}`],
    ['question_keys_shown', `user_id = '${user.id}'`, `user_id = ${generatedTech}`],
    // A card never reviewed yet, as a submit leaves it: not every technician has one (misses older than
    // 20 days were generated as reviewed), so any technician's.
    ['review_cards', `user_id = '${user.id}'`, `user_id <> '${user.id}' and state = 0`],
    ['user_category_mastery', `user_id = '${user.id}'`, `user_id = ${generatedTech}`],
    ['tech_test_totals', `tech_id = '${user.id}'`, `tech_id = ${generatedTech}`],
    ['tech_category_scores', `tech_id = '${user.id}'`, `tech_id = ${generatedTech}`],
  ];
  const differences: string[] = [];
  for (const [table, realWhere, generatedWhere] of pairs) {
    const real = await one(`select * from ${table} where ${realWhere} limit 1`);
    const generated = await one(`select * from ${table} where ${generatedWhere} limit 1`);
    differences.push(...compare(table, real, generated));
  }
  return differences;
}
