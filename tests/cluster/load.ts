/**
 * The cluster test's bounded load: technicians each starting a category test, answering its 20 questions
 * and submitting, in a loop until told to stop; a technician answering a Master Challenge; a manager
 * assigning tests. Every write the server acknowledged (2xx) is recorded so the database can be checked
 * against it afterwards, and every failure is kept with the time it happened.
 */
import type pg from 'pg';
import type { Client, Reply } from './client';

const LETTERS = 'ABCD';

export interface LoadRecord {
  /** `${sessionId}:${position}` → the letter acknowledged last. */
  answers: Map<string, string>;
  submitted: Set<string>;
  /** Assignments the manager was told were made (201), by id. */
  assignments: Set<string>;
  /** `${attemptId}:${questionOrder}` → the Master Challenge answer acknowledged. */
  challengeAnswers: Map<string, string>;
  ok: number;
  failures: Array<{ at: number; status: number; path: string }>;
}

export const newRecord = (): LoadRecord => ({
  answers: new Map(),
  submitted: new Set(),
  assignments: new Set(),
  challengeAnswers: new Map(),
  ok: 0,
  failures: [],
});

const ok = (reply: Reply) => reply.status >= 200 && reply.status < 300;

/**
 * The same letter every time for one slot: a category test with instant feedback locks an answer once
 * given (409 for a different one), so a resumed test's slots are answered again with what they have.
 */
function letterFor(sessionId: string, position: number): string {
  let hash = position;
  for (const char of sessionId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return LETTERS.charAt(hash % 4);
}

/** Failures by status and step, e.g. `502 answer × 3`. */
export function summarize(failures: LoadRecord['failures']): string {
  const counts = new Map<string, number>();
  for (const f of failures) counts.set(`${f.status} ${f.path}`, (counts.get(`${f.status} ${f.path}`) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} × ${n}`).join(', ') || 'none';
}

/** Counts a reply: true for 2xx; else the failure is kept and the caller waits a moment, as a person would. */
function noter(record: LoadRecord) {
  return async (reply: Reply, path: string) => {
    if (ok(reply)) {
      record.ok++;
      return true;
    }
    record.failures.push({ at: Date.now(), status: reply.status, path });
    await new Promise((r) => setTimeout(r, 200));
    return false;
  };
}

/** One technician's loop; `stop()` is checked before every request. */
export async function technicianLoop(client: Client, categoryId: string, stop: () => boolean, record: LoadRecord) {
  const note = noter(record);
  while (!stop()) {
    // A start that failed may still have created the test: the next start resumes it (200).
    const start = await client.call('POST', '/api/v1/test-sessions', { kind: 'category', categoryId });
    if (!(await note(start, 'start'))) continue;
    const session = start.body as { id: string; slots: { position: number }[] };
    for (const slot of session.slots) {
      if (stop()) return;
      const key = `${session.id}:${slot.position}`;
      const letter = letterFor(session.id, slot.position);
      // As the app's client does, an answer cut in flight is sent again (the same letter: idempotent), so the
      // test is complete when submitted; only the first failure is the kill's doing, and is counted.
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await client.call('PUT', `/api/v1/test-sessions/${session.id}/answers/${slot.position}`, {
          answer: letter,
        });
        if (await note(answer, attempt === 0 ? 'answer' : 'answer retried')) {
          record.answers.set(key, letter);
          break;
        }
      }
    }
    if (stop()) return;
    for (let attempt = 0; attempt < 3; attempt++) {
      const submit = await client.call('POST', `/api/v1/test-sessions/${session.id}/submit`);
      // A retried submit finding the test submitted: the cut one was committed, and the server says so.
      const confirmed =
        attempt > 0 && (submit.body as { error?: { code?: string } })?.error?.code === 'ALREADY_SUBMITTED';
      if (confirmed || (await note(submit, attempt === 0 ? 'submit' : 'submit retried'))) {
        record.submitted.add(session.id);
        break;
      }
    }
  }
}

/** A manager assigning tests to the shop's technicians in turn, due a week ahead, until told to stop. */
export async function managerLoop(
  manager: Client,
  techIds: readonly string[],
  categoryId: string,
  stop: () => boolean,
  record: LoadRecord,
) {
  const note = noter(record);
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (let n = 0; !stop(); n++) {
    const techId = techIds[n % techIds.length] as string;
    const reply = await manager.call('POST', '/api/v1/manager/assignments', { techId, categoryId, dueDate });
    if (await note(reply, 'assign'))
      record.assignments.add((reply.body as { assignment: { id: string } }).assignment.id);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * A technician's Master Challenge (one attempt a day): each question answered as it is served, a little
 * apart, until the attempt ends or the load stops. An answer cut in flight is sent again: the server takes
 * the first one it got for that question and says so (`already_answered`), which also acknowledges it.
 */
export async function challengeLoop(client: Client, stop: () => boolean, record: LoadRecord) {
  const note = noter(record);
  type View = { id: string; status: string; current: { order: number } | null };
  let view: View | null = null;
  while (!stop() && !view) {
    const start = await client.call('POST', '/api/v1/master-challenge/attempts');
    if (await note(start, 'challenge start')) view = start.body as View;
  }
  while (view?.current && !stop()) {
    const order = view.current.order;
    await new Promise((r) => setTimeout(r, 250));
    const body = {
      questionOrder: order,
      answer: LETTERS.charAt(order % 4),
      activity: { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 0 },
    };
    const reply = await client.call('POST', `/api/v1/master-challenge/attempts/${view.id}/answers`, body);
    if (await note(reply, 'challenge answer')) {
      const outcome = (reply.body as { lastAnswer?: { outcome?: string } }).lastAnswer?.outcome;
      if (outcome === 'recorded' || outcome === 'already_answered')
        record.challengeAnswers.set(`${view.id}:${order}`, body.answer);
      view = reply.body as View;
    } else {
      // Read where the attempt stands (the cut answer may have been taken, or its time run out).
      const read = await client.call('GET', `/api/v1/master-challenge/attempts/${view.id}`);
      if (await note(read, 'challenge read')) view = read.body as View;
    }
  }
}

/** Acknowledged writes missing from the database (or different there). */
export async function missingAcknowledged(db: pg.Client, record: LoadRecord) {
  const { rows } = await db.query<{ key: string; selected: string | null }>(
    `select session_id || ':' || position as key, selected_answer as selected from test_answers
     where session_id = any($1::uuid[])`,
    [[...new Set([...record.answers.keys()].map((k) => k.split(':')[0]))]],
  );
  const stored = new Map(rows.map((r) => [r.key, r.selected]));
  const answers = [...record.answers].filter(([key, letter]) => stored.get(key) !== letter).length;
  const { rows: completed } = await db.query<{ id: string }>(
    'select id from test_sessions where id = any($1::uuid[]) and completed_at is not null',
    [[...record.submitted]],
  );
  const { rows: assignments } = await db.query<{ id: string; messaged: boolean }>(
    `select a.id, exists (select 1 from notifications n where n.recipient_id = a.tech_id
       and n.kind = 'assignment_created' and n.params->'items' @> jsonb_build_array(jsonb_build_object('assignmentId', a.id::text)))
       as messaged
     from test_assignments a where a.id = any($1::uuid[])`,
    [[...record.assignments]],
  );
  const { rows: challenge } = await db.query<{ key: string; answer: string | null }>(
    `select attempt_id || ':' || question_order as key, user_answer as answer from master_challenge_answers
     where attempt_id = any($1::uuid[])`,
    [[...new Set([...record.challengeAnswers.keys()].map((k) => k.split(':')[0]))]],
  );
  const challengeStored = new Map(challenge.map((r) => [r.key, r.answer]));
  return {
    answers,
    submits: record.submitted.size - completed.length,
    assignments: record.assignments.size - assignments.length,
    // The outbox row is written in the assignment's transaction: an acknowledged assignment always has its message.
    assignmentsWithoutMessage: assignments.filter((a) => !a.messaged).length,
    challengeAnswers: [...record.challengeAnswers].filter(([key, letter]) => challengeStored.get(key) !== letter)
      .length,
  };
}

/** Sessions, answers, progress and mastery that contradict each other: each count must be 0. */
export async function integrityViolations(db: pg.Client): Promise<Record<string, number>> {
  const {
    rows: [counts],
  } = await db.query<Record<string, string>>(`
    select
      (select count(*) from test_sessions s where s.completed_at is not null and
        (select count(*) from test_answers a where a.session_id = s.id and a.is_correct is not null) <> s.total_questions)
        as completed_but_partly_scored,
      (select count(*) from test_sessions s where s.completed_at is null and
        exists (select 1 from test_answers a where a.session_id = s.id and a.is_correct is not null))
        as open_but_scored,
      (select count(*) from test_sessions s where
        (select count(*) from test_answers a where a.session_id = s.id) <> s.total_questions) as missing_answer_slots,
      (select count(*) from test_sessions s where s.completed_at is not null and s.correct_answers <>
        (select count(*) from test_answers a where a.session_id = s.id and a.is_correct)) as wrong_correct_counts,
      (select count(*) from test_sessions s join test_answers a on a.session_id = s.id
        where s.completed_at is not null and a.selected_answer is not null and not exists
          (select 1 from user_question_progress p where p.user_id = s.tech_id and p.question_id = a.question_id))
        as answers_without_progress,
      (select count(*) from (select 1 from test_sessions s join test_answers a on a.session_id = s.id
        where a.counts_for_stats group by s.tech_id, a.question_id having count(*) > 1) twice)
        as counted_twice_for_stats,
      (select count(*) from test_sessions s where s.completed_at is not null and not exists
          (select 1 from user_category_mastery m where m.user_id = s.tech_id and m.category_id = s.category_id))
        as completed_without_mastery,
      (select count(*) from user_category_mastery where correct_answers > questions_attempted) as mastery_over_count,
      (select count(*) from user_achievements where earned_at is null and progress < 0) as negative_achievement_progress
  `);
  if (!counts) throw new Error('The invariant query returned no row');
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));
}
