import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES, PATH_PARAMS } from '../../tests/fixtures/api-access';
import {
  type ApiWorld,
  buildApiWorld,
  CALLERS,
  fillPath,
  listRoutes,
  type RouteInfo,
} from '../../tests/fixtures/api-world';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';

/**
 * The fuzz test: every route of /api/openapi.json (and the better-auth endpoints /api/auth/*
 * forwards) gets malformed bodies, path parameters and query strings from fast-check, as each kind of
 * caller; any 5xx fails with the route, the caller and the shrunk input. Bounded and seeded: the same
 * inputs on every run (FUZZ_SEED and FUZZ_RUNS change them). New routes are covered as soon as they exist.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1414);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

let t: TestApp;
let world: ApiWorld;
let routes: RouteInfo[];
beforeAll(async () => {
  t = await createTestApp();
  world = await buildApiWorld(t);
  routes = await listRoutes(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Strings that have broken servers: NUL and other controls, lone surrogates, huge, SQL and path tricks. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b',
  '\ud800',
  '\uffff',
  '😀'.repeat(20),
  "'; drop table profiles; --",
  '../../etc/passwd',
  '%00',
  'null',
  '-1',
  '1e309',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
];
const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);

/** Any JSON value, kept small. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** What a field gets instead of its valid value: mostly the classic troublemakers, sometimes anything. */
const fieldValue = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(null, 0, -1, 1.5, 1e308, true, [], {}, [[]]), weight: 2 },
  { arbitrary: nastyString, weight: 3 },
  { arbitrary: jsonValue, weight: 1 },
);

/** Every path to a value inside the example (nested objects included), so deep fields are hit too. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  const paths: string[][] = prefix.length > 0 ? [prefix] : [];
  for (const [key, child] of Object.entries(value)) paths.push(...leafPaths(child, [...prefix, key]));
  return paths;
}

function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === undefined) delete copy[key];
  else copy[key] = withValueAt(copy[key], rest, replacement);
  return copy;
}

/** The valid example with one field (at any depth) replaced, dropped or added; or any JSON; or broken JSON. */
function bodies(example: unknown): fc.Arbitrary<{ payload?: unknown; rawPayload?: string }> {
  const anyJson = jsonValue.map((payload) => ({ rawPayload: JSON.stringify(payload) ?? 'null' }));
  const raw = fc
    .constantFrom('', '{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '"\\u0000"', '{"a":"\\ud800"}')
    .map((rawPayload) => ({ rawPayload }));
  const paths = leafPaths(example);
  if (paths.length === 0 || paths[0]!.length === 0) return fc.oneof(anyJson, raw);
  const mutated = fc
    .tuple(fc.constantFrom(...paths, ['__extra__']), fc.option(fieldValue, { nil: undefined, freq: 8 }))
    .map(([path, value]) => ({ payload: withValueAt(example, path, value) }));
  return fc.oneof({ arbitrary: mutated, weight: 6 }, { arbitrary: anyJson, weight: 1 }, { arbitrary: raw, weight: 1 });
}

const query = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), nastyString, { maxKeys: 3 });

/** Replacements every field and path parameter is tried with, one at a time (the deterministic sweep). */
const SWEEP_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  {},
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(5000),
];
const DROP = Symbol('drop the field');

function fail(
  route: RouteInfo,
  caller: string,
  url: string,
  body: unknown,
  response: { statusCode: number; body: string },
) {
  return new Error(
    `${route.key} as ${caller} answered ${response.statusCode} ${response.body.slice(0, 200)}\n` +
      `  ${route.method} ${url.slice(0, 300)}\n  body: ${JSON.stringify(body)?.slice(0, 300)}`,
  );
}

describe('fuzz: malformed input never gets a 5xx', () => {
  it('sweeps every body field (at any depth) and path parameter through the classic troublemakers', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const known: Record<string, string> = {};
      for (const name of route.pathParams) {
        known[name] = (PATH_PARAMS[`${route.key}:${name}`] ?? PATH_PARAMS[name])?.(world) ?? 'x';
      }
      const example = EXAMPLE_BODIES[route.key]?.(world) ?? (route.hasBody ? {} : undefined);
      const cases: { params: Record<string, string>; payload?: unknown }[] = [];
      for (const name of route.pathParams) {
        for (const value of SWEEP_VALUES) {
          if (typeof value === 'string') cases.push({ params: { ...known, [name]: value }, payload: example });
        }
      }
      if (route.hasBody) {
        for (const path of leafPaths(example).filter((p) => p.length > 0)) {
          for (const value of [...SWEEP_VALUES, DROP]) {
            cases.push({ params: known, payload: withValueAt(example, path, value === DROP ? undefined : value) });
          }
        }
      }
      for (const { params, payload } of cases) {
        // A signed-in caller of the right kind gets furthest into a route; technicians own the world's test.
        const caller = route.path.includes('/shop') || route.path.includes('/manager') ? 'manager' : 'tech';
        const url = fillPath(route.path, params);
        const response = await world.request(caller, { method: route.method, url, payload });
        if (response.statusCode >= 500) failures.push(fail(route, caller, url, payload, response).message);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('walks every route with random bad bodies, path parameters and query strings (seeded)', async () => {
    for (const route of routes) {
      const started = Date.now();
      const known: Record<string, string> = {};
      for (const name of route.pathParams) {
        known[name] = (PATH_PARAMS[`${route.key}:${name}`] ?? PATH_PARAMS[name])?.(world) ?? 'x';
      }
      const example = EXAMPLE_BODIES[route.key]?.(world) ?? (route.hasBody ? {} : undefined);
      const params = fc.record(
        Object.fromEntries(route.pathParams.map((name) => [name, fc.oneof(fc.constant(known[name]), nastyString)])),
      ) as fc.Arbitrary<Record<string, string>>;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CALLERS),
          params,
          query,
          route.hasBody ? bodies(example) : fc.constant({}),
          async (caller, values, search, body) => {
            const qs = new URLSearchParams(search).toString();
            const url = `${fillPath(route.path, values)}${qs ? `?${qs}` : ''}`;
            const response = await world.request(caller, { method: route.method, url, ...body });
            if (response.statusCode >= 500) throw fail(route, caller, url, body, response);
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (process.env.FUZZ_DEBUG) console.log(route.key, Date.now() - started, 'ms');
    }
  });
});
