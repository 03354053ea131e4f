/**
 * Notification outbox benchmark (ADR 0042): enqueue 10,000 messages the way events write them
 * (`notifyMany` inside a transaction of their own, several at once) in PostgreSQL, then send them all with
 * the real sender (`runNotificationSender`, claims with FOR UPDATE SKIP LOCKED, a mark per message) through
 * nodemailer to an in-process SMTP sink on 127.0.0.1 (the tests' `smtp-server`). Counts the sink's mail per
 * message, so the figures are for messages delivered once. The sink keeps only a count per message and does no
 * reverse DNS look-up of its client (the tests' server does: ~100 ms a connection on a host without DNS).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notifications.ts
 *   BENCH_MESSAGES=10000  BENCH_ENQUEUE_CONCURRENCY=10  BENCH_SENDERS=1 (sender loops at once)
 *   BENCH_BATCH=50 (NOTIFICATION_SEND_BATCH)  BENCH_SMTP_POOL=0 (1: nodemailer keeps SMTP connections open)
 */

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../src/server/db/client';
import { authUsers } from '../src/server/db/schema';
import { createMailer } from '../src/server/mail/mailer';
import { notifyMany } from '../src/server/notifications/notify';
import { runNotificationSender } from '../src/server/notifications/sender';
import { benchDatabase } from './harness';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_ENQUEUE_CONCURRENCY ?? 10);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 1);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const SMTP_POOL = process.env.BENCH_SMTP_POOL === '1';
const RECIPIENTS = 100;
const { dbName, benchUrl, admin } = benchDatabase(process.env.DATABASE_URL);

await admin(`create database ${dbName}`);
const database = await openDatabase({ databaseUrl: benchUrl, dataDir: 'memory://', poolSize: CONCURRENCY + SENDERS });

/** An SMTP sink on 127.0.0.1 that counts the mails per `Bench-<i>-end` marker. */
async function startSink() {
  const perMessage = new Map<string, number>();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const marker = /Bench-(\d+)-end/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
        if (marker) perMessage.set(marker, (perMessage.get(marker) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    perMessage,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtp = await startSink();
const mailers: ReturnType<typeof createMailer>[] = [];

try {
  await database.migrate();
  const { db } = database;
  const ids = Array.from({ length: RECIPIENTS }, (_, i) => `bench-notify-${i}`);
  await db
    .insert(authUsers)
    .values(ids.map((id, i) => ({ id, name: `Bench ${i}`, email: `bench.notify.${i}@example.com` })));

  // Enqueue: one message per transaction, as an assignment or a decision writes it, CONCURRENCY at once.
  let next = 0;
  const enqueueStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < MESSAGES; i = next++) {
        await db.transaction((tx) =>
          notifyMany(tx, [
            {
              recipientId: ids[i % RECIPIENTS] as string,
              kind: 'shop_request_decided',
              params: { shopName: `Bench-${i}-end`, decision: 'approved' },
              link: '/app',
            },
          ]),
        );
      }
    }),
  );
  const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;

  // Send: the sender job's runs (maxPerRun = 20 batches, as notificationSenderOf sets it) until none is due.
  const smtpUrl = SMTP_POOL ? `${smtp.url}?pool=true` : smtp.url;
  const log = { info() {}, warn() {} };
  let failed = 0;
  const sendStarted = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      const mailer = createMailer({ smtpUrl, from: 'TorquePrep <no-reply@torqueprep.test>', log });
      mailers.push(mailer);
      const deps = { db, mailer, clock: { now: () => new Date() }, log, baseUrl: 'http://localhost:3000', secret: 's' };
      const settings = { batchSize: BATCH, maxAttempts: 5, leaseMs: 900_000, maxPerRun: BATCH * 20 };
      for (let run = 0; run < 10_000; run++) {
        const result = await runNotificationSender(deps, settings);
        failed += result.failed + result.retrying;
        if (result.sent + result.failed + result.retrying === 0) break;
      }
    }),
  );
  const sendSeconds = (performance.now() - sendStarted) / 1000;

  const { perMessage } = smtp;
  const once = [...perMessage.values()].filter((n) => n === 1).length;
  const twice = [...perMessage.values()].filter((n) => n > 1).length;
  console.log(
    [
      `${MESSAGES} messages to ${RECIPIENTS} recipients; PostgreSQL; sender batch ${BATCH}, ${SENDERS} sender loop(s), SMTP ${SMTP_POOL ? 'pooled connections' : 'a connection per mail (nodemailer default)'}.`,
      '',
      '| phase | seconds | messages/s |',
      '| --- | --- | --- |',
      `| enqueue (1 per transaction, ${CONCURRENCY} at once) | ${enqueueSeconds.toFixed(1)} | ${(MESSAGES / enqueueSeconds).toFixed(0)} |`,
      `| send (claim, render, SMTP, mark) | ${sendSeconds.toFixed(1)} | ${(MESSAGES / sendSeconds).toFixed(0)} |`,
      '',
      `SMTP sink: ${smtp.received()} mails; messages received exactly once: ${once}, more than once: ${twice}, never: ${MESSAGES - perMessage.size}; failed tries: ${failed}.`,
    ].join('\n'),
  );
} finally {
  for (const mailer of mailers) mailer.close();
  await smtp.close();
  await database.close();
  await admin(`drop database if exists ${dbName} with (force)`);
}
