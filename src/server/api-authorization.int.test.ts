import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED, EXAMPLE_BODIES, PATH_PARAMS } from '../../tests/fixtures/api-access';
import {
  type ApiWorld,
  buildApiWorld,
  CALLERS,
  type Caller,
  fillPath,
  listRoutes,
  type RouteInfo,
} from '../../tests/fixtures/api-world';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';

/**
 * The authorization matrix: every route of /api/openapi.json (and the better-auth endpoints
 * /api/auth/* forwards) × anonymous, a technician, another technician, a manager and another shop's
 * manager. A caller not in ALLOWED (tests/fixtures/api-access.ts) must be refused with 401, 403 or 404;
 * no route may answer 5xx. New routes are covered as soon as they exist. MATRIX_DEBUG=1 prints every answer.
 */
const REFUSALS = new Set([401, 403, 404]);

let t: TestApp;
let world: ApiWorld;
let routes: RouteInfo[];
beforeAll(async () => {
  t = await createTestApp({ CREATE_LIMIT_PER_USER: '1000' });
  world = await buildApiWorld(t);
  routes = await listRoutes(t.app);
});
afterAll(async () => {
  await t.close();
});

function paramsFor(route: RouteInfo): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of route.pathParams) {
    const value = PATH_PARAMS[`${route.key}:${name}`] ?? PATH_PARAMS[name];
    if (!value) {
      throw new Error(
        `${route.key} has the path parameter {${name}} and the matrix has no value for it: add ` +
          `'${route.key}:${name}': (w) => w.ids.<a resource one caller owns> to PATH_PARAMS in tests/fixtures/api-access.ts`,
      );
    }
    values[name] = value(world);
  }
  return values;
}

describe('authorization matrix', () => {
  it('lists no route that does not exist', () => {
    const known = new Set(routes.map((r) => r.key));
    const stale = Object.keys(ALLOWED).filter((key) => !known.has(key as RouteInfo['key']));
    expect(stale, 'these ALLOWED entries name routes that no longer exist: remove them').toEqual([]);
  });

  it('refuses every caller a route does not allow, and answers nobody with 5xx', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const allowed = ALLOWED[route.key] ?? [];
      const url = fillPath(route.path, paramsFor(route));
      const example = EXAMPLE_BODIES[route.key];
      // Callers who must be refused go first, so an allowed caller's change cannot hide their answer.
      const order: Caller[] = [
        ...CALLERS.filter((c) => !allowed.includes(c)),
        ...CALLERS.filter((c) => allowed.includes(c)),
      ];
      for (const caller of order) {
        const payload = example ? example(world) : route.hasBody ? {} : undefined;
        const response = await world.request(caller, { method: route.method, url, payload });
        const status = response.statusCode;
        if (process.env.MATRIX_DEBUG) console.log(route.key, caller, status);
        const where = `${route.key} as ${caller} → ${status} ${response.body.slice(0, 160)}`;
        if (response.headers['cache-control'] !== 'no-store') {
          problems.push(`${where}\n    every API answer must carry Cache-Control: no-store`);
        }
        if (status >= 500) {
          problems.push(`${where}\n    fix the route: it must never answer 5xx`);
        } else if (!allowed.includes(caller) && status >= 200 && status < 300) {
          problems.push(
            `${where}\n    unexpected success: if ${caller} may call it, add '${caller}' to ALLOWED['${route.key}'] ` +
              'in tests/fixtures/api-access.ts; otherwise fix its authorization',
          );
        } else if (!allowed.includes(caller) && !REFUSALS.has(status)) {
          problems.push(
            `${where}\n    a caller not in ALLOWED must get 401, 403 or 404` +
              (status === 400 || status === 422
                ? `: the body was refused before authorization, so add a valid EXAMPLE_BODIES['${route.key}']`
                : ''),
          );
        }
      }
    }
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});
