import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/fixtures/test-database';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/client';

/** The single-page app's fallback: its pages answer 200, any other address its Not found with 404. */
let app: FastifyInstance;
let database: DatabaseHandle;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tp-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>TorquePrep</title><div id="root"></div>');
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, database, logger: false, clientDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('client routes and the 404 page', () => {
  it('answers 200 with the app for each of its pages', async () => {
    for (const url of [
      '/app',
      '/app/tests/abc?mistake=2',
      '/app/study/A5/1/2',
      '/manager/technicians/t1',
      '/free-test',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers 404 with the app (its Not found page) for an address it has no page for', async () => {
    for (const url of ['/app/no-such-page', '/app/tests', '/manager/nope', '/nope/deeper?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps the JSON 404 for the API and for missing files', async () => {
    for (const url of ['/api/v1/no-such-route', '/assets/missing.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });
});
