/**
 * Reports of pages that failed in the browser (ADR 0051): how long each field may be, and the report's
 * stack cut to what finds the fault. Kept free of zod so the app shell, which sends reports, stays small.
 */
export const CLIENT_ERROR_LIMITS = { message: 500, stack: 4000, route: 200 } as const;

/** The stack's first frames are where the fault is; the rest is React's own frames. */
const STACK_LINES = 12;

type ClientErrorKind = 'render' | 'chunk';

export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  stack?: string;
  route: string;
}

/** A report of `error` within the limits: message and stack cut, never anything but the error and route. */
export function clientErrorReport(kind: ClientErrorKind, error: unknown, route: string): ClientErrorReport {
  const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
  return {
    kind,
    message: message.slice(0, CLIENT_ERROR_LIMITS.message),
    ...(stack ? { stack: stack.split('\n').slice(0, STACK_LINES).join('\n').slice(0, CLIENT_ERROR_LIMITS.stack) } : {}),
    route: route.slice(0, CLIENT_ERROR_LIMITS.route),
  };
}
