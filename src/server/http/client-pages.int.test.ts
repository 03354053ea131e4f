import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/fixtures/test-database';
import { entryPageFile } from '../../domain/entry-pages';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';

/** The server-rendered entry pages' files, chosen per request (ADR 0028). */
let app: FastifyInstance;
let database: DatabaseHandle;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tp-client-pages-'));
  writeFileSync(join(clientDir, 'index.html'), '<div id="root">shell</div>');
  for (const locale of ['en', 'es'] as const) {
    writeFileSync(join(clientDir, entryPageFile('/sign-in', locale)), `<div id="root">sign-in ${locale}</div>`);
    writeFileSync(join(clientDir, entryPageFile('/reset-password', locale)), `<div id="root">no token ${locale}</div>`);
    writeFileSync(
      join(clientDir, entryPageFile('/reset-password', locale, 'with-token')),
      `<div id="root">reset form ${locale}</div>`,
    );
    writeFileSync(join(clientDir, entryPageFile('/sign-up', locale)), `<div id="root">sign-up tech ${locale}</div>`);
    writeFileSync(
      join(clientDir, entryPageFile('/sign-up', locale, 'manager')),
      `<div id="root">sign-up manager ${locale}</div>`,
    );
  }
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

describe('server-rendered entry pages', () => {
  it('sends the page in the language of ?lang=, the cookie or Accept-Language, varying on them', async () => {
    const english = await app.inject('/sign-in');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('sign-in en');
    expect(english.headers.vary).toContain('accept-language');
    expect((await app.inject({ url: '/sign-in', headers: { 'accept-language': 'es-MX,es' } })).body).toContain(
      'sign-in es',
    );
    expect((await app.inject({ url: '/sign-in', headers: { cookie: 'tp_locale=es' } })).body).toContain('sign-in es');
    const asked = await app.inject('/sign-in?lang=es');
    expect(asked.body).toContain('sign-in es');
    expect(asked.headers['set-cookie']).toContain('tp_locale=es');
  });

  it('sends the reset form only with a link token, sign-up per role, and the app shell for a parameter the page renders from', async () => {
    expect((await app.inject('/reset-password?token=abc')).body).toContain('reset form en');
    expect((await app.inject('/reset-password?token=')).body).toContain('no token en');
    expect((await app.inject('/sign-in?next=%2Fapp%2Fstudy')).body).toContain('shell');
    // The shop trial's buttons: sign-up with Shop Manager chosen; any other role is the technician's form.
    expect((await app.inject('/sign-up?role=manager')).body).toContain('sign-up manager en');
    expect((await app.inject('/sign-up?role=manager&lang=es')).body).toContain('sign-up manager es');
    expect((await app.inject('/sign-up?role=tech')).body).toContain('sign-up tech en');
    expect((await app.inject('/sign-up?role=owner')).body).toContain('sign-up tech en');
    expect((await app.inject('/sign-up?role=manager&role=manager')).body).toContain('sign-up tech en');
    // An invite link is rendered in the browser (it names the shop), whatever the role says.
    expect((await app.inject('/sign-up?role=manager&shop=SHOPABC123')).body).toContain('shell');
    // No file for this page (yet): the app shell, rendered in the browser.
    expect((await app.inject('/free-test')).body).toContain('shell');
  });

  it('sends a form posted before the app took over back to its page, with nothing typed in an address', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/reset-password?token=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'newPassword=secret-words-here',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/reset-password?token=abc');
    const signIn = await app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('/sign-in');
  });
});
