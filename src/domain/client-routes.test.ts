import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, isClientRoute } from './client-routes';

describe('isClientRoute (a signed-in 404 is HTTP 404)', () => {
  it('knows the app’s pages, with one segment for each parameter', () => {
    for (const path of [
      '/',
      '/app',
      '/app/',
      '/app/tests/abc',
      '/app/study/A5/1/2',
      '/manager/technicians/x',
      '/terms',
    ]) {
      expect(isClientRoute(path), path).toBe(true);
    }
  });

  it('refuses what has no page', () => {
    for (const path of [
      '/app/nope',
      '/app/tests',
      '/app/tests/a/b',
      '/app/study/A5/1',
      '/manager/nope',
      '/nope',
      '/app//tests/x',
      'app',
      '/app/%E0%A4%A',
    ]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });

  it('is the same list as the routes the app declares', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../web/app/app.tsx'), 'utf8');
    const declared = [
      ...[...source.matchAll(/<Route path="(\/[^"]*)"/g)].map((m) => m[1]),
      ...[...source.matchAll(/\bpage\('(\/[^']*)',/g)].map((m) => m[1]),
      ...[...source.matchAll(/^\s*\['(\/[^']*)',/gm)].map((m) => m[1]),
    ];
    // `/app/:section` only ever shows Not found: every section it names has a page of its own above it.
    const pages = declared.filter((path) => path !== '/app/:section');
    expect(new Set(pages)).toEqual(new Set(CLIENT_ROUTES));
  });
});
