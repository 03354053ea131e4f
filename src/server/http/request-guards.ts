import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { appOrigins } from '../config';
import { AppError, englishMessage } from '../errors';

export const NUL_MESSAGE = englishMessage('VALIDATION_FAILED.nul');

/** Where a NUL character (\u0000) sits in a parsed JSON value, key or string, or null when there is none. */
export function findNulCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || '/';
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push({ value: item, path: `${path}/${i}` });
      });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return `${path}/${JSON.stringify(key)}`;
        stack.push({ value: item, path: `${path}/${key}` });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store NUL in text, so a NUL anywhere in the body, params or query would fail deep
 * in a query as a 500. Every route refuses it here with 400 before validation.
 */
export async function refuseNulCharacters(request: FastifyRequest) {
  for (const [part, value] of [
    ['body', request.body],
    ['params', request.params],
    ['query', request.query],
  ] as const) {
    const at = findNulCharacter(value);
    if (at !== null) {
      throw new AppError('VALIDATION_FAILED.nul', 400, [{ path: `${part}${at}`, message: NUL_MESSAGE }]);
    }
  }
}

/**
 * The zod validator, made total: whatever JSON arrives (null, an array, a number…), a schema either
 * accepts it or answers 400. A refinement that throws on a value of the wrong shape answers 400 too
 * instead of 500 (contracts should still guard their refinements; this is the net under them).
 */
export const totalValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => { value?: unknown; error?: unknown };
  return (data: unknown) => {
    try {
      return validate(data) as never;
    } catch {
      return { error: invalidRequestIssues() } as never;
    }
  };
};

/** The same issue shape fastify-type-provider-zod produces, so one error handler formats both. */
function invalidRequestIssues() {
  return [
    {
      [Symbol.for('ZodFastifySchemaValidationError')]: true,
      keyword: 'custom',
      instancePath: '/',
      schemaPath: '#/custom',
      message: englishMessage('VALIDATION_FAILED.request'),
      params: {},
    },
  ];
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request check for `/api/v1` (ADR 0010), as better-auth does for `/api/auth/*`: a
 * state-changing request that says where it comes from (Origin, else Sec-Fetch-Site, else Referer) must
 * come from BASE_URL (or its loopback twins, `appOrigins`); one that says nothing is a browser-less client
 * and may pass only without a cookie, since every browser that sends cookies names the origin of a POST.
 * Webhooks are signed instead.
 */
export function sameOriginCheck(baseUrl: string) {
  const expected = new Set(appOrigins(baseUrl));
  return async function checkOrigin(request: FastifyRequest, _reply: FastifyReply) {
    if (!STATE_CHANGING.has(request.method)) return;
    // The matched route's pattern, so no spelling of the URL (dot segments, a query) can step around it.
    const path = request.routeOptions.url ?? request.url;
    if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/webhooks/')) return;
    const verdict = originVerdict(request.headers, expected);
    if (verdict === 'same-origin') return;
    if (verdict === 'unknown' && !request.headers.cookie) return;
    throw new AppError(verdict === 'unknown' ? 'CROSS_SITE_REQUEST.noOrigin' : 'CROSS_SITE_REQUEST', 403);
  };
}

type Verdict = 'same-origin' | 'cross-site' | 'unknown';

function originVerdict(headers: FastifyRequest['headers'], expected: ReadonlySet<string>): Verdict {
  const origin = headers.origin;
  const site = headers['sec-fetch-site'];
  if (typeof origin === 'string' && origin !== '' && origin !== 'null') {
    return expected.has(origin) ? 'same-origin' : 'cross-site';
  }
  if (typeof site === 'string' && site !== '') return site === 'same-origin' ? 'same-origin' : 'cross-site';
  if (origin === 'null') return 'cross-site';
  const referer = headers.referer;
  if (typeof referer === 'string' && referer !== '') {
    try {
      return expected.has(new URL(referer).origin) ? 'same-origin' : 'cross-site';
    } catch {
      return 'cross-site';
    }
  }
  return 'unknown';
}
