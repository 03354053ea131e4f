import { resolve } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedContentIfChanged } from './db/seed';
import { scheduleDifficultyStats } from './jobs/difficulty-stats';
import { scheduleNotificationSchedule } from './jobs/notification-schedule';
import { scheduleNotificationSender } from './jobs/notification-sender';
import { scheduleSubscriptionLifecycle } from './jobs/subscription-lifecycle';
import { runsOn } from './logging';
import { recountCompetitors } from './modules/master-challenge';
import { shutDownGracefully } from './shutdown';

export const CLIENT_DIR = resolve(import.meta.dirname, '../../dist/client');

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  // Seeds only when content/ changed since the last seed (its fingerprint is stored with the seed, ADR 0056).
  const seeded = config.SEED_ON_START ? await seedContentIfChanged(database.db) : 'off';

  // Readable lines for a person at a terminal (`npm start`), JSON lines for everything else.
  const app = await buildApp({ config, database, clientDir: CLIENT_DIR, prettyLogs: process.stdout.isTTY === true });
  app.log.info({ seeded }, 'content seed on start');
  await app.listen({ port: config.PORT, host: config.HOST });

  // Work that grows with the data runs once the server is listening, so a start's readiness does not wait
  // for it (ADR 0056). The leaderboard's per-score counts, repaired from the best attempts (ADR 0018): the
  // share lock makes finishes wait for it; readers see the old counts or the new ones, never a mix.
  void recountCompetitors(database.db).catch((error) =>
    app.log.error({ err: error }, 'leaderboard recount failed: counts stay as they were'),
  );
  // Trial ends and renewals: once at start-up (catching up on anything missed while down), then on an interval.
  const stopLifecycle = scheduleSubscriptionLifecycle(
    { db: database.db, cards: app.billing.cards, clock: app.billing.clock },
    {
      intervalMs: config.BILLING_JOB_INTERVAL_MS,
      ...app.metrics.jobObserver('subscription_lifecycle'),
      onError: (error) => app.log.error({ err: error }, 'subscription lifecycle run failed'),
      onRun: (transitions) => {
        if (transitions.length > 0) app.log.info({ transitions }, 'subscription lifecycle');
      },
    },
  );
  // Per-question difficulty statistics for adaptive selection, counted off the submit's path (ADR 0014).
  const stopDifficultyStats = scheduleDifficultyStats(database.db, {
    intervalMs: config.DIFFICULTY_STATS_INTERVAL_MS,
    ...app.metrics.jobObserver('difficulty_stats'),
    onError: (error) => app.log.error({ err: error }, 'difficulty statistics run failed'),
  });
  // Notification e-mails from the outbox: several instances share the work without sending one twice (ADR 0042).
  const stopNotificationSender = scheduleNotificationSender(app, {
    intervalMs: config.NOTIFICATION_SEND_INTERVAL_MS,
    onError: (error) => app.log.error({ err: error }, 'notification sender run failed'),
    onRun: (run) => {
      if (run.sent + run.retrying + run.failed > 0) app.log.info(run, 'notification e-mails');
    },
  });
  // Time-based notifications, in each recipient's zone; a second instance's run adds nothing (ADR 0045).
  const stopNotificationSchedule = scheduleNotificationSchedule(database.db, app.billing.clock, {
    intervalMs: config.NOTIFICATION_SCHEDULE_INTERVAL_MS,
    ...app.metrics.jobObserver('notification_schedule'),
    onError: (error) => app.log.error({ err: error }, 'notification schedule run failed'),
    onRun: (made) => {
      if (Object.values(made).some((n) => n > 0)) app.log.info({ made }, 'scheduled notifications');
    },
  });
  // Readiness 503, then no new connections, requests in flight finished (bounded), jobs stopped
  // after their batch, Redis and the pool closed; exit 0, or 1 when requests had to be cut.
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: draining');
    try {
      const clean = await shutDownGracefully({
        app,
        database,
        stopJobs: [stopLifecycle, stopDifficultyStats, stopNotificationSender, stopNotificationSchedule],
        readinessDelayMs: config.SHUTDOWN_READINESS_DELAY_MS,
        timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      });
      app.log.info({ signal, clean }, 'shut down');
      process.exit(clean ? 0 : 1);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const facts = {
    database: database.driver,
    dataDir: config.DATA_DIR,
    redis: app.redisLink !== undefined,
    mail: app.mailer.kind,
    billingProvider: config.BILLING_PROVIDER,
  };
  app.log.info({ runsOn: facts }, `TorquePrep is running at ${config.BASE_URL}: ${runsOn(facts)}`);
  if (app.mailer.kind === 'log') {
    app.log.warn('No SMTP_URL is set: e-mails are not sent; password-reset and notification links are logged instead.');
  }
  if (config.BILLING_PROVIDER === 'mock') {
    const line = 'BILLING_PROVIDER=mock: payments are SIMULATED. No card is charged and no money is collected.';
    if (config.NODE_ENV === 'production') app.log.warn(`!!! ${line} !!!`);
    else app.log.info(line);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
