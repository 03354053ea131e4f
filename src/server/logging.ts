import type { Config } from './config';

/**
 * JSON lines (production, CI, a log collector), or pino-pretty's coloured lines for a person at a terminal;
 * either way every line of a request carries its reqId.
 */
export function loggerOptions(level: Config['LOG_LEVEL'], pretty: boolean) {
  if (!pretty) return { level };
  const prettyOptions = { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' };
  return { level, transport: { target: 'pino-pretty', options: prettyOptions } };
}

/** The start-up banner's facts: what this instance runs on, in one line an operator can grep. */
export function runsOn(facts: {
  database: 'pglite' | 'postgres';
  dataDir: string;
  redis: boolean;
  mail: string;
  billingProvider: string;
}): string {
  const database = facts.database === 'pglite' ? `embedded PGlite in ${facts.dataDir}` : 'PostgreSQL';
  const redis = facts.redis ? 'Redis (shared limits and revocations)' : 'no Redis (limits per instance)';
  const mail = facts.mail === 'log' ? 'mail to the log (no SMTP_URL)' : `mail by ${facts.mail.toUpperCase()}`;
  return `database ${database}; ${redis}; ${mail}; billing ${facts.billingProvider}`;
}
