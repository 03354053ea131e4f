import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { AUTH_MESSAGES } from '../domain/contracts/auth';
import { type Auth, createAuth } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import type { SignedInUser } from './auth/session';
import { SessionCache } from './auth/session-cache';
import { type CardProcessor, mockCardProcessor } from './billing/card-processor';
import { type Clock, systemClock } from './billing/clock';
import type { BillingProvider } from './billing/provider';
import { createBillingProvider } from './billing/providers';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { AppError } from './errors';
import { authHandlerRoutes } from './modules/accounts/auth-handler';
import { accountRoutes } from './modules/accounts/routes';
import { adaptiveMasteryRoutes } from './modules/adaptive-mastery/routes';
import { billingRoutes } from './modules/billing/routes';
import { categoryRoutes } from './modules/categories/routes';
import { freeTestRoutes } from './modules/free-test/routes';
import { healthRoutes } from './modules/health/routes';
import { managerRoutes } from './modules/manager/routes';
import { practiceRoutes } from './modules/practice/routes';
import { profileRoutes } from './modules/profile/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    auth: Auth;
    sessionCache: SessionCache<SignedInUser>;
    billing: { clock: Clock; cards: CardProcessor; provider: BillingProvider };
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Folder of the built client; served with an index.html fallback when it exists. */
  clientDir?: string;
  logger?: boolean;
  /** Billing seams for tests: a movable clock, a card processor, a checkout provider. */
  clock?: Clock;
  cards?: CardProcessor;
  billingProvider?: BillingProvider;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('billing', {
    clock: options.clock ?? systemClock,
    cards: options.cards ?? mockCardProcessor({ delayMs: config.PAYMENT_MOCK_DELAY_MS }),
    provider: options.billingProvider ?? createBillingProvider(config, database.db),
  });
  app.decorate(
    'auth',
    createAuth(database.db, {
      baseUrl: config.BASE_URL,
      secret: resolveAuthSecret(config.BETTER_AUTH_SECRET, config.DATA_DIR),
    }),
  );
  app.decorate('sessionCache', new SessionCache<SignedInUser>(config.SESSION_CACHE_TTL_MS, 10_000));

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
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  await app.register(rateLimit, {
    global: false,
    ...(config.REDIS_URL
      ? { redis: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false }) }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts, details: { retryAfter: context.after } },
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
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs UI sets a few inline styles; allow them on its own pages only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({
        error: {
          code: 'VALIDATION_FAILED',
          message: first?.message ?? 'Invalid request',
          details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
        },
      });
    }
    const err = error as { statusCode?: number; code?: string; message?: string; error?: { message?: string } };
    if (err.statusCode === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply
        .status(err.statusCode)
        .send({ error: { code: err.code ?? 'BAD_REQUEST', message: err.message ?? 'Bad request' } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: AUTH_MESSAGES.unexpected } });
  });

  await app.register(healthRoutes);
  await app.register(authHandlerRoutes);
  await app.register(accountRoutes);
  await app.register(freeTestRoutes);
  await app.register(categoryRoutes);
  await app.register(managerRoutes);
  await app.register(profileRoutes);
  await app.register(practiceRoutes);
  await app.register(billingRoutes);
  await app.register(adaptiveMasteryRoutes);

  const clientDir = options.clientDir ? resolve(options.clientDir) : undefined;
  const serveClient = clientDir !== undefined && existsSync(resolve(clientDir, 'index.html'));
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The homepage is prerendered at build time (scripts/prerender.ts) and ships no JavaScript.
    const homeFile = existsSync(resolve(clientDir, 'home.html')) ? 'home.html' : 'index.html';
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile(homeFile));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (serveClient && request.method === 'GET' && !url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url)) {
      // Client-side routes (/free-test, /app/...) all load the single-page app.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  return app;
}
