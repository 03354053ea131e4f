import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * TRUST_PROXY: whom to believe about the client's address (X-Forwarded-For). Off by default, so a client
 * cannot forge its address to dodge per-IP limits; behind a load balancer, a hop count (`1`) or the
 * proxies' addresses / CIDRs (`10.0.0.0/8,127.0.0.1`, or proxy-addr's `loopback`, `uniquelocal`).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "TRUST_PROXY=true would believe any client's X-Forwarded-For; give a hop count (1) or the proxies' addresses",
      });
      return z.NEVER;
    }
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });

/**
 * STRIPE_PRICE_SHOP_PLANS: each shop plan's Stripe price, as `plan_code=price_id` pairs separated by
 * commas (`professional=price_1Pro,enterprise=price_1Ent`). Unset is an empty map.
 */
const shopPlanPrices = z
  .string()
  .optional()
  .transform((v, ctx): Record<string, string> => {
    const prices: Record<string, string> = {};
    for (const pair of (v ?? '').split(',')) {
      if (pair.trim() === '') continue;
      const match = /^\s*([a-z0-9_-]+)\s*=\s*(\S+)\s*$/i.exec(pair);
      const [, code, price] = match ?? [];
      if (!code || !price) {
        ctx.addIssue({ code: 'custom', message: `"${pair.trim()}" is not plan_code=price_id` });
        return z.NEVER;
      }
      prices[code] = price;
    }
    return prices;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    BASE_URL: z.url({ message: 'BASE_URL must be a full URL such as http://localhost:3000' }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().default('./data'),
    BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
    REDIS_URL: optionalString,
    TRUST_PROXY: trustProxy,
    /** smtp:// or smtps:// URL of the mail server; unset logs the mails' links instead of sending them. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().default('TorquePrep <no-reply@torqueprep.local>'),
    /** How long a password-reset link works (seconds). */
    PASSWORD_RESET_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    /** Per-user limit on creating expensive things (tests, exams, checkouts, challenges) in each window. */
    CREATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(30),
    CREATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
    /** Per-user limit on review answers per minute. */
    REVIEW_ANSWERS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * A request's headers and body must arrive within this (408 and the connection closed beyond), so a
     * client trickling a body cannot hold a connection open.
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(8),
    AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Unset means `mock`, which production refuses unless it is set explicitly (payments would be simulated). */
    BILLING_PROVIDER: z.enum(['mock', 'stripe']).optional(),
    PAYMENT_MOCK_DELAY_MS: z.coerce.number().int().min(0).default(1500),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ADAPTIVE_MASTERY: optionalString,
    /** The shop plans' Stripe prices by plan code (ADR 0033); required with BILLING_PROVIDER=stripe. */
    STRIPE_PRICE_SHOP_PLANS: shopPlanPrices,
    /** Test-only: shortens the full exam so auto-submit can be exercised (docs/PRODUCT.md#timers: 3600 s). */
    EXAM_DURATION_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
    /** Test-only: shortens the Master Challenge's 10 s per question so an e2e run stays short (docs/PRODUCT.md#timers: 10 s). */
    MASTER_CHALLENGE_SECONDS_PER_QUESTION: z.coerce.number().int().min(2).max(10).optional(),
    /** Another Stripe API host (stripe-mock, a test fake); unset means api.stripe.com. */
    STRIPE_API_URL: z.url({ message: 'STRIPE_API_URL must be a full URL' }).optional(),
    /** How often the subscription lifecycle job runs (ms); 0 runs it only at start-up. */
    BILLING_JOB_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    /** How often per-question difficulty statistics are counted from submitted answers (ms); 0: start-up only. */
    DIFFICULTY_STATS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    /**
     * How often the scheduled notifications (due tomorrow, expiring certifications, digests…) are looked for (ms);
     * 0: start-up only. Each message is made once whatever the interval (ADR 0045).
     */
    NOTIFICATION_SCHEDULE_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
    /** How often the notification sender looks for e-mails to send (ms); 0 runs it only at start-up (ADR 0042). */
    NOTIFICATION_SEND_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
    /** E-mails the sender claims per transaction. */
    NOTIFICATION_SEND_BATCH: z.coerce.number().int().min(1).max(500).default(50),
    /** Tries before a notification e-mail is given up (retried after 1, 2, 4 … minutes, at most 6 hours). */
    NOTIFICATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /**
     * How long an instance holds the e-mails it claimed (ms): after a crash they are sent once it has run out.
     * Longer than a send can take (nodemailer gives up on a silent socket after 10 minutes).
     */
    NOTIFICATION_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(900_000),
    /** How long a verified session cookie is trusted without a lookup (ms); 0 turns the cache off. */
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
    /**
     * How long readiness answers 503 before the listener closes on SIGTERM (ms), so the balancer's health
     * checks see it and stop sending work first: at least its check interval times its fall count.
     */
    SHUTDOWN_READINESS_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** How long requests in flight may take to finish on SIGTERM before their connections are cut (ms). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** Bearer token for GET /api/metrics; unset: open in development and test, 404 in production. */
    METRICS_TOKEN: optionalString,
    /** Whether /api/docs and /api/openapi.json are served; unset: yes, but not in production. */
    API_DOCS_PUBLIC: z.enum(['true', 'false']).optional(),
    SEED_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.BILLING_PROVIDER === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_PROVIDER'],
        message:
          'BILLING_PROVIDER must be set in production: stripe for real payments, or mock to run with simulated payments on purpose',
      });
    }
    if (env.BILLING_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ADAPTIVE_MASTERY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when BILLING_PROVIDER=stripe` });
      }
      if (Object.keys(env.STRIPE_PRICE_SHOP_PLANS).length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_PRICE_SHOP_PLANS'],
          message:
            'STRIPE_PRICE_SHOP_PLANS is required when BILLING_PROVIDER=stripe (professional=price_…,enterprise=price_…)',
        });
      }
    }
    if (env.EXAM_DURATION_SECONDS !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['EXAM_DURATION_SECONDS'],
        message: 'EXAM_DURATION_SECONDS may only be set when NODE_ENV=test',
      });
    }
    if (env.MASTER_CHALLENGE_SECONDS_PER_QUESTION !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['MASTER_CHALLENGE_SECONDS_PER_QUESTION'],
        message: 'MASTER_CHALLENGE_SECONDS_PER_QUESTION may only be set when NODE_ENV=test',
      });
    }
    if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < 16) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: 'METRICS_TOKEN must be at least 16 characters',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'BETTER_AUTH_SECRET is required in production with an external database',
      });
    }
  });

/**
 * The origins the app answers to: BASE_URL's, and when that is localhost, the same port on 127.0.0.1 and
 * [::1] too. The start-up log prints the loopback address, and a browser opened there must be able to
 * sign in; those names reach this machine only.
 */
export function appOrigins(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  if (url.hostname !== 'localhost') return [url.origin];
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => {
    const loopback = new URL(url.origin);
    loopback.hostname = host;
    return loopback.origin;
  });
}

/** Every setting the server reads, as `.env.example` lists them (a test holds the two equal). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof z.infer<typeof envSchema>)[];

export type Config = Omit<z.infer<typeof envSchema>, 'BILLING_PROVIDER' | 'API_DOCS_PUBLIC'> & {
  BASE_URL: string;
  API_DOCS_PUBLIC: boolean;
  BILLING_PROVIDER: 'mock' | 'stripe';
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; throws a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    // The public origin, without a trailing slash: cookies, e-mailed links and the Origin check use it.
    BASE_URL: (config.BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    BILLING_PROVIDER: config.BILLING_PROVIDER ?? 'mock',
    API_DOCS_PUBLIC: (config.API_DOCS_PUBLIC ?? (config.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
  };
}
