import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/mail';
import { technician } from '../../../tests/fixtures/shop';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/fixtures/test-app';
import { type Database, openDatabase } from '../db/client';
import { notifications } from '../db/schema';
import { createMailer, type Mailer } from '../mail/mailer';
import { notifyMany } from './notify';
import { runNotificationSender, type SenderDeps, type SenderSettings } from './sender';

/**
 * ADR 0042's promise, counted at a real SMTP server: each message is sent once with two senders on one
 * PostgreSQL database, and a sender that dies mid-batch loses nothing and duplicates nothing it had marked
 * (the one message accepted by SMTP but not yet marked is the documented at-least-once window).
 */

const FROM = 'TorquePrep <no-reply@torqueprep.test>';
const LEASE_MS = 60_000;
const SETTINGS: SenderSettings = { batchSize: 10, maxAttempts: 3, leaseMs: LEASE_MS, maxPerRun: 1000 };

let smtp: TestSmtpServer;
let t: TestApp;
let recipients: string[];
const mailers: Mailer[] = [];
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
  recipients = [];
  for (let i = 0; i < 3; i++) recipients.push((await technician(t.app, { fullName: `Receiver ${i}` })).id);
});
afterAll(async () => {
  for (const mailer of mailers) mailer.close();
  await t.close();
  await smtp.close();
});

function smtpMailer(): Mailer {
  const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, log: { info() {} } });
  mailers.push(mailer);
  return mailer;
}

function depsOf(db: Database, mailer: Mailer, now: Date): SenderDeps {
  return {
    db,
    mailer,
    clock: { now: () => now },
    log: { info() {}, warn() {} },
    baseUrl: TEST_ORIGIN,
    secret: t.app.serverSecret,
  };
}

/** `n` due messages in one transaction, each with its own marker in the subject (`<tag>-<i>-end`). */
async function enqueue(tag: string, n: number, now: Date): Promise<string[]> {
  const ids = await t.database.db.transaction((tx) =>
    notifyMany(
      tx,
      Array.from({ length: n }, (_, i) => ({
        recipientId: recipients[i % recipients.length] as string,
        kind: 'shop_request_decided' as const,
        params: { shopName: `${tag}-${i}-end`, decision: 'approved' as const },
        link: '/app',
      })),
      now,
    ),
  );
  expect(ids).toHaveLength(n);
  return ids;
}

/** How many mails the SMTP server got for each of the `n` messages of `tag`. */
function countsOf(tag: string, n: number): number[] {
  return Array.from(
    { length: n },
    (_, i) => smtp.received.filter((m) => m.text.includes(`You are now part of ${tag}-${i}-end`)).length,
  );
}

async function rowsOf(ids: string[]) {
  return t.database.db.select().from(notifications).where(inArray(notifications.id, ids));
}

/**
 * A mailer that "crashes" on its `at`-th send: the promise never settles, as if the process died there,
 * either before the mail reached SMTP or right after the server accepted it.
 */
function dyingMailer(at: number, when: 'before_smtp' | 'after_accept') {
  const real = smtpMailer();
  const state = { calls: 0, inFlight: '' };
  const mailer: Mailer = {
    kind: 'smtp',
    async send(mail) {
      state.calls += 1;
      if (state.calls === at) {
        state.inFlight = mail.subject;
        if (when === 'after_accept') await real.send(mail);
        await new Promise(() => {});
      }
      await real.send(mail);
    },
    close() {},
  };
  return { mailer, state };
}

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

async function until(check: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

// PGlite is one connection in one process: two senders there cannot run at once, so this needs PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)(
  'two instances on one PostgreSQL database (separate pools), three sender loops each',
  () => {
    it('deliver 60 messages exactly once between them all', async () => {
      const result = await t.database.db.execute(sql`select current_database() as name`);
      const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name as string;
      const url = Object.assign(new URL(process.env.DATABASE_URL as string), { pathname: `/${name}` }).toString();
      const second = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 3 });
      try {
        const now = new Date();
        const ids = await enqueue('pair', 60, now);
        // Small batches and three loops per instance, so claims really overlap (without the row locks,
        // this run sends duplicates).
        const settings = { ...SETTINGS, batchSize: 2 };
        const loops = (db: Database) =>
          Promise.all([1, 2, 3].map(() => runNotificationSender(depsOf(db, smtpMailer(), now), settings)));
        const [a, b] = await Promise.all([loops(t.database.db), loops(second.db)]);
        const sentBy = (runs: { sent: number }[]) => runs.reduce((total, run) => total + run.sent, 0);
        expect(sentBy(a) + sentBy(b)).toBe(60);
        // Both instances took part: the test would prove nothing if one did all the work.
        expect(sentBy(a)).toBeGreaterThan(0);
        expect(sentBy(b)).toBeGreaterThan(0);
        expect(countsOf('pair', 60)).toEqual(Array(60).fill(1));
        const rows = await rowsOf(ids);
        expect(rows.every((r) => r.emailStatus === 'sent' && r.emailAttempts === 1)).toBe(true);
      } finally {
        await second.close();
      }
    });
  },
);

describe('a sender that dies mid-batch, then a fresh one', () => {
  it('dying before a send: the rest of its batch waits out the lease, then each is sent once', async () => {
    const now = new Date();
    const ids = await enqueue('before', 12, now);
    const dying = dyingMailer(5, 'before_smtp');
    void runNotificationSender(depsOf(t.database.db, dying.mailer, now), SETTINGS);
    await until(() => dying.state.calls === 5);
    // Four sent and marked; the fifth never reached SMTP; five more of its batch of ten are claimed.
    expect(sum(countsOf('before', 12))).toBe(4);
    const held = (await rowsOf(ids)).filter((r) => r.emailStatus === 'pending' && r.emailAttempts === 1);
    expect(held).toHaveLength(6);

    // Within the lease, a fresh sender sends only the two the dead one had not claimed.
    await runNotificationSender(depsOf(t.database.db, smtpMailer(), later(now, 1000)), SETTINGS);
    expect(sum(countsOf('before', 12))).toBe(6);
    expect(Math.max(...countsOf('before', 12))).toBe(1);

    await runNotificationSender(depsOf(t.database.db, smtpMailer(), later(now, LEASE_MS + 1000)), SETTINGS);
    expect(countsOf('before', 12)).toEqual(Array(12).fill(1));
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.emailStatus === 'sent')).toBe(true);
    expect(rows.filter((r) => held.some((h) => h.id === r.id)).every((r) => r.emailAttempts === 2)).toBe(true);
  });

  it('dying after SMTP accepted one: only that one is sent again (the at-least-once window)', async () => {
    const now = new Date();
    await enqueue('accepted', 8, now);
    const dying = dyingMailer(3, 'after_accept');
    void runNotificationSender(depsOf(t.database.db, dying.mailer, now), SETTINGS);
    await until(() => sum(countsOf('accepted', 8)) === 3);
    expect(dying.state.inFlight).toMatch(/accepted-\d-end/);

    await runNotificationSender(depsOf(t.database.db, smtpMailer(), later(now, LEASE_MS + 1000)), SETTINGS);
    // The two marked before the crash are not sent again; the one in flight is, once more.
    const counts = countsOf('accepted', 8);
    const inFlight = Number(/accepted-(\d)-end/.exec(dying.state.inFlight)?.[1]);
    expect(counts[inFlight]).toBe(2);
    expect(counts.filter((_, i) => i !== inFlight)).toEqual(Array(7).fill(1));
  });

  it('an SMTP server that starts refusing mid-batch: the refused are retried later, none twice', async () => {
    const now = new Date();
    const ids = await enqueue('refused', 10, now);
    const real = smtpMailer();
    let calls = 0;
    const flaky: Mailer = {
      kind: 'smtp',
      async send(mail) {
        calls += 1;
        if (calls > 4) throw new Error('421 service not available');
        await real.send(mail);
      },
      close() {},
    };
    const first = await runNotificationSender(depsOf(t.database.db, flaky, now), SETTINGS);
    expect(first).toEqual({ sent: 4, retrying: 6, failed: 0 });
    // Retried after the backoff (1 minute after the first failed try), not before.
    await runNotificationSender(depsOf(t.database.db, real, later(now, 30_000)), SETTINGS);
    expect(sum(countsOf('refused', 10))).toBe(4);
    await runNotificationSender(depsOf(t.database.db, real, later(now, 61_000)), SETTINGS);
    expect(countsOf('refused', 10)).toEqual(Array(10).fill(1));
    const rows = await rowsOf(ids);
    expect(rows.filter((r) => r.emailAttempts === 2)).toHaveLength(6);
    expect(rows.every((r) => r.emailStatus === 'sent' && r.lastError === null)).toBe(true);
  });

  it('a shutdown mid-run finishes the claimed batch and leaves the rest due at once', async () => {
    const now = new Date();
    const ids = await enqueue('shutdown', 15, now);
    const real = smtpMailer();
    const stop = new AbortController();
    let calls = 0;
    const stopping: Mailer = {
      kind: 'smtp',
      async send(mail) {
        calls += 1;
        if (calls === 3) stop.abort();
        await real.send(mail);
      },
      close() {},
    };
    const run = await runNotificationSender(depsOf(t.database.db, stopping, now), SETTINGS, stop.signal);
    expect(run.sent).toBe(10);
    const rows = await rowsOf(ids);
    expect(rows.filter((r) => r.emailStatus === 'pending' && r.emailAttempts === 0)).toHaveLength(5);
    await runNotificationSender(depsOf(t.database.db, real, now), SETTINGS);
    expect(countsOf('shutdown', 15)).toEqual(Array(15).fill(1));
  });
});
