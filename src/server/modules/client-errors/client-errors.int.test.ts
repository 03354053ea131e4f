import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { CLIENT_ERROR_LIMITS } from '../../../domain/client-errors';

/** What the route wrote to the request's log, per request. */
const logged: unknown[] = [];

/** Records the warnings of the report route's requests (the test app's logger is silent). */
function recordWarnings(request: FastifyRequest) {
  if (request.url !== '/api/v1/client-errors') return;
  request.log = Object.assign(Object.create(request.log), { warn: (entry: unknown) => logged.push(entry) });
}

const REPORT = {
  kind: 'render',
  message: "Cannot read properties of undefined (reading 'map')",
  stack: "TypeError: Cannot read properties of undefined (reading 'map')\n    at NotificationsPage (page.js:1:200)",
  route: '/app/notifications',
} as const;

/** Reports per IP and window in this file's app; the limit test spends them from an address of its own. */
const PER_IP = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: String(PER_IP) }, (app) =>
    app.addHook('onRequest', async (request) => recordWarnings(request)),
  );
});
afterAll(async () => {
  await t.close();
});

const report = (payload: unknown, options: { cookie?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/client-errors',
    payload: payload as object,
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

describe('POST /api/v1/client-errors', () => {
  it('logs an anonymous report with no user and answers 204 with no body', async () => {
    logged.length = 0;
    const response = await report(REPORT);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(logged).toEqual([{ clientError: REPORT, userId: null }]);
  });

  it('adds the signed-in user id the session names, and nothing the client claims', async () => {
    const tech = await signUpTech(t.app);
    expect(tech.response.statusCode, tech.response.body).toBe(201);
    logged.length = 0;
    const response = await report({ ...REPORT, kind: 'chunk', stack: undefined }, { cookie: tech.cookie });
    expect(response.statusCode).toBe(204);
    expect(logged).toEqual([
      {
        clientError: { kind: 'chunk', message: REPORT.message, route: REPORT.route },
        userId: tech.response.json().user.id,
      },
    ]);
  });

  it('refuses what is not a report with 400 and logs nothing', async () => {
    logged.length = 0;
    const refused = [
      {},
      { ...REPORT, kind: 'other' },
      { ...REPORT, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) },
      { ...REPORT, stack: 'x'.repeat(CLIENT_ERROR_LIMITS.stack + 1) },
      { ...REPORT, route: `/${'a'.repeat(CLIENT_ERROR_LIMITS.route)}` },
      // An address with a query string or a full URL is not a route pattern: it could carry user data.
      { ...REPORT, route: '/reset-password?token=abc' },
      { ...REPORT, route: 'https://example.com/app' },
      { ...REPORT, userId: 'someone-else' },
      [REPORT],
      null,
    ];
    for (const payload of refused) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(logged).toEqual([]);
  });

  it('limits reports per IP like the other unauthenticated routes: 429 with Retry-After', async () => {
    const remoteAddress = '192.0.2.7';
    for (let sent = 0; sent < PER_IP; sent++) expect((await report(REPORT, { remoteAddress })).statusCode).toBe(204);
    const over = await report(REPORT, { remoteAddress });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one's reports.
    expect((await report(REPORT, { remoteAddress: '192.0.2.8' })).statusCode).toBe(204);
  });
});
