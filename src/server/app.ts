import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { isBootstrappedRoute } from '../domain/app-bootstrap';
import { isClientRoute } from '../domain/client-routes';
import { loadAppShell, sendAppShell } from './app-bootstrap';
import { type Auth, createAuth } from './auth/auth';
import { PasswordChecker } from './auth/password-checker';
import { resolveAuthSecret } from './auth/secret';
import type { SignedInUser } from './auth/session';
import { SessionCache } from './auth/session-cache';
import { SessionRevocations } from './auth/session-revocation';
import { type CardProcessor, mockCardProcessor } from './billing/card-processor';
import { type Clock, systemClock } from './billing/clock';
import { type BillingProvider, PaymentProviderUnavailableError } from './billing/provider';
import { createBillingProvider } from './billing/providers';
import type { Config } from './config';
import { isDatabaseUnavailable } from './db/availability';
import type { Database, DatabaseHandle } from './db/client';
import { profiles } from './db/schema';
import {
  AppError,
  ContractError,
  contractErrorBody,
  DATABASE_RETRY_AFTER_SECONDS,
  type ErrorMessageId,
  errorBody,
  PAYMENT_PROVIDER_RETRY_AFTER_SECONDS,
  ServiceUnavailableError,
} from './errors';
import { registerClientPages } from './http/client-pages';
import { createCreationLimit, type LimitCreation } from './http/creation-limit';
import { refuseNulCharacters, sameOriginCheck, totalValidatorCompiler } from './http/request-guards';
import { requestIdFrom } from './http/request-id';
import { noStoreApiResponses, permissionsPolicy } from './http/response-headers';
import { contractSerializerCompiler } from './http/response-serializer';
import { loggerOptions } from './logging';
import { createMailer, type Mailer } from './mail/mailer';
import { accessRoutes } from './modules/access/routes';
import { authHandlerRoutes, emailVerificationRoutes, passwordResetMail } from './modules/accounts';
import { accountRoutes } from './modules/accounts/routes';
import { achievementRoutes } from './modules/achievements/routes';
import { adaptiveMasteryRoutes } from './modules/adaptive-mastery/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { billingRoutes } from './modules/billing/routes';
import { categoryRoutes } from './modules/categories/routes';
import { certificationRoutes } from './modules/certifications/routes';
import { clientErrorRoutes } from './modules/client-errors/routes';
import { freeTestRoutes } from './modules/free-test/routes';
import { installRequestMetrics } from './modules/health';
import { healthRoutes } from './modules/health/routes';
import { managerRoutes } from './modules/manager/routes';
import { masterChallengeRoutes } from './modules/master-challenge/routes';
import { masteryRoutes } from './modules/mastery/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { practiceRoutes } from './modules/practice/routes';
import { profileRoutes } from './modules/profile/routes';
import { questionQualityRoutes } from './modules/question-quality/routes';
import { reviewRoutes } from './modules/review/routes';
import { shopCodeRoutes } from './modules/shop-codes/routes';
import { failoverRateLimitStore } from './redis/rate-limit-store';
import { RedisLink } from './redis/redis-link';
import type { Lifecycle } from './shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    auth: Auth;
    sessionCache: SessionCache<SignedInUser>;
    sessionRevocations: SessionRevocations;
    /** Redis when REDIS_URL is set: whether it is up, and its connections (ADR 0035). */
    redisLink: RedisLink | undefined;
    mailer: Mailer;
    /** Per-user limit on creating tests, exams, checkouts, challenges (ADR 0010); 429 over it. */
    limitCreation: LimitCreation;
    billing: { clock: Clock; cards: CardProcessor; provider: BillingProvider };
    /** zxcvbn's estimate in a worker thread with a time budget. */
    passwordChecker: PasswordChecker;
    /** Set on SIGTERM: readiness answers 503 while the instance drains. */
    lifecycle: Lifecycle;
    /** The server secret (BETTER_AUTH_SECRET or the data folder's): sessions, and unsubscribe tokens (ADR 0042). */
    serverSecret: string;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Folder of the built client; served with an index.html fallback when it exists. */
  clientDir?: string;
  logger?: boolean;
  /** Readable coloured log lines (pino-pretty) instead of JSON: `npm start` in a terminal. */
  prettyLogs?: boolean;
  /** Billing seams for tests: a movable clock, a card processor, a checkout provider. */
  clock?: Clock;
  cards?: CardProcessor;
  billingProvider?: BillingProvider;
  /** Mail seam for tests; defaults to SMTP_URL, or the log when it is unset. */
  mailer?: Mailer;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify ignores a bare hop count (it cannot check the nearest peer), so
 * a count becomes "trust the nearest N hops": right only when clients cannot reach the server but through
 * the proxies; naming the proxies' addresses is safer (README).
 */
function trustProxySetting(value: Config['TRUST_PROXY']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}

/** How long after listening the server loads the dashboards' renderer (ADR 0054). */
const RENDERER_WARM_DELAY_MS = 2000;

/** The router's refusals that are the client's doing, with what to tell it. */
const ROUTER_CLIENT_ERRORS: Record<string, ErrorMessageId> = {
  FST_ERR_BAD_URL: 'VALIDATION_FAILED.badUrl',
  FST_ERR_MAX_PARAM_LENGTH: 'VALIDATION_FAILED.paramTooLong',
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.LOG_LEVEL, options.prettyLogs === true),
    // Off unless TRUST_PROXY names the proxies: otherwise any client could pick its own address.
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // The balancer's X-Request-Id when it is a safe token, else a fresh one: in every log line.
    requestIdHeader: false,
    genReqId: requestIdFrom,
    // Headers and body within REQUEST_TIMEOUT_MS, checked every second (Node checks every 30 s by default).
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(10_000, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_MS),
    },
    // What the router refuses before any route runs (a malformed URL, a path parameter over 100 characters)
    // is a client error like any other: a 400 in the API's error format, not Fastify's own body.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const id = ROUTER_CLIENT_ERRORS[error.code];
      if (id) return (reply as FastifyReply).status(400).send(errorBody(id));
      request.log.error({ err: error }, 'router error');
      return (reply as FastifyReply).status(500).send(errorBody('INTERNAL'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(totalValidatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('lifecycle', { shuttingDown: false });
  app.decorate('billing', {
    clock: options.clock ?? systemClock,
    cards: options.cards ?? mockCardProcessor({ delayMs: config.PAYMENT_MOCK_DELAY_MS }),
    provider: options.billingProvider ?? createBillingProvider(config, database.db),
  });

  // Rate-limit counters and revocation messages; while Redis is down, both fall back (ADR 0035).
  const redisLink = config.REDIS_URL ? new RedisLink({ url: config.REDIS_URL, log: app.log }) : undefined;
  const sessionCache = new SessionCache<SignedInUser>(config.SESSION_CACHE_TTL_MS, 10_000);
  const revocations = new SessionRevocations({ cache: sessionCache, link: redisLink, log: app.log });
  await redisLink?.waitUntilUp(3000);
  app.decorate('redisLink', redisLink);
  installRequestMetrics(app, { database, redisLink, processMetrics: config.NODE_ENV !== 'test' });
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  app.decorate('sessionCache', sessionCache);
  app.decorate('sessionRevocations', revocations);
  app.decorate('mailer', mailer);
  const passwordChecker = new PasswordChecker({ budgetMs: 10_000, maxPending: 32, log: app.log });
  app.decorate('passwordChecker', passwordChecker);
  // Resolved once: with the in-memory database each resolution is a new random secret.
  const serverSecret = resolveAuthSecret(config.BETTER_AUTH_SECRET, config.DATA_DIR);
  app.decorate('serverSecret', serverSecret);
  app.decorate(
    'auth',
    createAuth(database.db, {
      baseUrl: config.BASE_URL,
      secret: serverSecret,
      resetPasswordTtlSeconds: config.PASSWORD_RESET_TTL_SECONDS,
      logLevel: options.logger === false ? 'silent' : config.LOG_LEVEL,
      log: (level, message, details) => app.log[level]({ ...details, source: 'better-auth' }, message),
      onSessionEnded: (session) => revocations.revoke({ token: session.token }),
      // Not awaited: an address that has an account must answer as fast as one that has none.
      sendResetPassword: ({ userId, email, name, token }) => {
        const send = async () => {
          // In the account's language: the server writes to the user directly here.
          const [profile] = await database.db
            .select({ locale: profiles.locale })
            .from(profiles)
            .where(eq(profiles.id, userId));
          const ttlSeconds = config.PASSWORD_RESET_TTL_SECONDS;
          const locale = profile?.locale ?? 'en';
          await mailer.send(passwordResetMail({ baseUrl: config.BASE_URL, ttlSeconds, email, name, token, locale }));
        };
        send().catch((error) => app.log.error({ err: error }, 'password reset mail failed'));
      },
    }),
  );
  app.addHook('onClose', async () => {
    mailer.close();
    await passwordChecker.close();
    await redisLink?.close();
  });

  // Security headers on every response. Helmet's middleware is built once here: @fastify/helmet
  // rebuilds it on every request, which cost ~6% of the server's CPU under load (ADR 0008).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HTTPS only where the app is served over it (BASE_URL): a browser ignores it over plain http anyway.
    strictTransportSecurity: config.BASE_URL.startsWith('https:'),
  });
  // The request's id on every answer, errors included, to match a client's report with the log.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // Every route, including those added later: cross-site writes to /api/v1 are refused (403), and NUL
  // characters anywhere in the input answer 400 (ADR 0010).
  app.addHook('onRequest', sameOriginCheck(config.BASE_URL));
  app.addHook('preValidation', refuseNulCharacters);
  // Browser features we never use are off, and no API answer is kept by a cache.
  app.addHook('onRequest', permissionsPolicy);
  app.addHook('onSend', noStoreApiResponses);

  await app.register(rateLimit, {
    global: false,
    ...(redisLink ? { store: failoverRateLimitStore(redisLink) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('RATE_LIMITED', { retryAfter: context.after }),
    }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'TorquePrep API', version: '1.0.0', description: 'ASE practice and shop training API.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'torqueprep.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API's map is for developers: off in production unless API_DOCS_PUBLIC=true.
  if (config.API_DOCS_PUBLIC) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The docs UI sets a few inline styles; allow them on its own pages only.
      transformStaticCSP: (header) =>
        header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }
  app.decorate(
    'limitCreation',
    createCreationLimit(app, { max: config.CREATE_LIMIT_PER_USER, windowMs: config.CREATE_LIMIT_WINDOW_MS }),
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ContractError) return reply.status(400).send(contractErrorBody(error.fields));
    if (error instanceof AppError) {
      if (error instanceof ServiceUnavailableError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(errorBody(error.id, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The contract's message ids: English in the body, the id for the client to translate (ADR 0050).
      const fields = error.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.status(400).send(contractErrorBody(fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('DATABASE_UNAVAILABLE'));
    }
    if (error instanceof PaymentProviderUnavailableError) {
      request.log.warn({ err: error }, 'payment provider unavailable');
      return reply
        .status(503)
        .header('retry-after', String(PAYMENT_PROVIDER_RETRY_AFTER_SECONDS))
        .send(errorBody('PAYMENT_PROVIDER_UNAVAILABLE'));
    }
    const err = error as { statusCode?: number; code?: string; message?: string; error?: { message?: string } };
    if (err.statusCode === 429) {
      return reply.status(429).send(errorBody('RATE_LIMITED'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): its code says which.
      return reply.status(err.statusCode).send(errorBody('BAD_REQUEST', { reason: err.code ?? 'BAD_REQUEST' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });

  await app.register(healthRoutes);
  await app.register(authHandlerRoutes);
  await app.register(accountRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(shopCodeRoutes);
  await app.register(freeTestRoutes);
  await app.register(categoryRoutes);
  await app.register(managerRoutes);
  await app.register(profileRoutes);
  await app.register(practiceRoutes);
  await app.register(billingRoutes);
  await app.register(adaptiveMasteryRoutes);
  await app.register(masterChallengeRoutes);
  await app.register(accessRoutes);
  await app.register(analyticsRoutes);
  await app.register(masteryRoutes);
  await app.register(achievementRoutes);
  await app.register(reviewRoutes);
  await app.register(questionQualityRoutes);
  await app.register(certificationRoutes);
  await app.register(notificationRoutes);
  await app.register(clientErrorRoutes);

  const clientDir = options.clientDir ? resolve(options.clientDir) : undefined;
  const serveClient = clientDir !== undefined && existsSync(resolve(clientDir, 'index.html'));
  const appShell = serveClient && clientDir ? loadAppShell(clientDir) : undefined;
  // The dashboards' renderer, loaded a moment after the server listens: not in the start-up that readiness
  // waits for, and not on the first visitor's page (ADR 0054).
  const warmRenderer = appShell?.warm;
  if (warmRenderer) {
    app.addHook('onListen', async () => {
      setTimeout(warmRenderer, RENDERER_WARM_DELAY_MS).unref();
    });
  }
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip forms beside every text file (ADR 0022): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to a client that accepts them.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The homepage and the server-rendered entry pages, prerendered at build time: the file is chosen per
    // request (language, signed in or out) so those routes never reach the not-found handler (ADR 0028).
    registerClientPages(app, { clientDir, secureCookies: config.BASE_URL.startsWith('https:') });
  }

  app.setNotFoundHandler((request, reply) => {
    const [url = request.url] = request.url.split('?');
    if (
      serveClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(url)
    ) {
      // The signed-in dashboards come with their first data and their code preloaded (ADR 0054).
      if (appShell && request.method === 'GET' && isBootstrappedRoute(url)) {
        return sendAppShell(appShell, request, reply, url);
      }
      // Client-side routes (/free-test, /app/...) all load the single-page app; any other address loads it
      // too, for its Not found page, but answers 404.
      return reply
        .status(isClientRoute(url) ? 200 : 404)
        .type('text/html')
        .sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  return app;
}
