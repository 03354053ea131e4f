import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, uniqueEmail } from '../../../tests/fixtures/test-app';
import { openTestDatabase } from '../../../tests/fixtures/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { PERMISSIONS_POLICY } from './response-headers';

/**
 * On an https site in production's shape: every cookie is Secure, every API answer is
 * `no-store`, every answer carries a Permissions-Policy, and the API docs are not public unless asked for.
 */
const ORIGIN = 'https://torqueprep.example';
const PASSWORD = 'Wheel bearing 4417 grease';
let app: FastifyInstance;
let database: DatabaseHandle;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tp-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>TorquePrep</title><div id="root"></div>');
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    BASE_URL: ORIGIN,
    API_DOCS_PUBLIC: 'false',
  });
  app = await buildApp({ config, database, logger: false, clientDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const setCookies = (response: { headers: Record<string, unknown> }): string[] => {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
};
const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

describe('on https', () => {
  it('marks every cookie Secure: the session ones, and the language choice', async () => {
    const email = uniqueEmail('secure');
    const signUp = await post('/api/v1/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'Tina Tech',
      role: 'tech',
      yearsOfExperience: '3_to_5',
    });
    expect(signUp.statusCode).toBe(201);
    const signIn = await post('/api/v1/auth/sign-in', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const signOut = await post('/api/v1/auth/sign-out', {}, cookieFrom(signIn));
    const language = await app.inject({ method: 'GET', url: '/?lang=es' });
    expect(language.statusCode).toBe(200);

    const cookies = [signUp, signIn, signOut, language].flatMap(setCookies);
    expect(cookies.some((c) => c.startsWith('tp_locale=es'))).toBe(true);
    expect(cookies.filter((c) => c.includes('session_token')).length).toBeGreaterThanOrEqual(3);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure(;|$)/i);
  });

  it('keeps the API docs and the OpenAPI file private when API_DOCS_PUBLIC is false', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/openapi.json']) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
  });
});

describe('on every answer', () => {
  it('sends Strict-Transport-Security when the app is served over https', async () => {
    for (const url of ['/api/health', '/']) {
      const response = await app.inject(url);
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sends the Permissions-Policy, on the pages and on the API', async () => {
    for (const url of ['/', '/app/dashboard', '/api/health', '/api/v1/me', '/api/nothing-here']) {
      const response = await app.inject(url);
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
  });

  it('tells caches not to store API answers, signed in or not, errors included', async () => {
    const email = uniqueEmail('nostore');
    const signUp = await post('/api/v1/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'Tina Tech',
      role: 'tech',
      yearsOfExperience: '3_to_5',
    });
    const cookie = cookieFrom(signUp);
    for (const url of ['/api/v1/me', '/api/v1/session', '/api/v1/categories', '/api/nothing']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.headers['cache-control'], `${url} → ${response.statusCode}`).toBe('no-store');
    }
    expect(signUp.headers['cache-control']).toBe('no-store');
  });
});
