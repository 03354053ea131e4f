import type { FastifyInstance } from 'fastify';
import { runNotificationSender, type SenderDeps, type SenderRun, type SenderSettings } from '../notifications/sender';
import { scheduleRepeating } from './schedule';

/** The sender's seams and settings from a built app: its database, mailer, clock, log, BASE_URL and secret. */
export function notificationSenderOf(app: FastifyInstance): { deps: SenderDeps; settings: SenderSettings } {
  const { config } = app;
  return {
    deps: {
      db: app.db,
      mailer: app.mailer,
      clock: app.billing.clock,
      log: app.log,
      baseUrl: config.BASE_URL,
      secret: app.serverSecret,
    },
    settings: {
      batchSize: config.NOTIFICATION_SEND_BATCH,
      maxAttempts: config.NOTIFICATION_MAX_ATTEMPTS,
      leaseMs: config.NOTIFICATION_LEASE_MS,
      maxPerRun: config.NOTIFICATION_SEND_BATCH * 20,
    },
  };
}

/**
 * The notification e-mails' sender (ADR 0042): at start-up (catching up on anything due while the
 * server was down), then every `intervalMs`. Several instances run it at once; row locks keep them apart.
 */
export function scheduleNotificationSender(
  app: FastifyInstance,
  options: { intervalMs: number; onError: (error: unknown) => void; onRun?: (run: SenderRun) => void },
): () => Promise<void> {
  const { deps, settings } = notificationSenderOf(app);
  return scheduleRepeating((signal) => runNotificationSender(deps, settings, signal), options);
}
