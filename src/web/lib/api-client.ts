import type { ErrorResponse } from '../../domain/contracts/common';

/** An API failure with the server's code and user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const RETRYABLE = new Set([502, 503, 504]);
const UNEXPECTED = 'An unexpected error occurred';
/** Tests, exams and the Master Challenge are scored and timed by the server, so they need a connection. */
export const OFFLINE =
  'You are offline. Tests, exams and the Master Challenge need a connection; study guides you have opened still work.';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one way the client talks to the server: JSON in and out, the session cookie attached,
 * errors decoded to ApiError, and SPEC §8's retryable statuses (502/503/504) retried for reads.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const attempts = method === 'GET' ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers:
          options.body === undefined
            ? { accept: 'application/json' }
            : { 'content-type': 'application/json', accept: 'application/json' },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, 'OFFLINE', OFFLINE);
      if (attempt < attempts) {
        await sleep(300 * attempt);
        continue;
      }
      throw new ApiError(0, 'NETWORK', 'Could not reach TorquePrep. Check your connection and try again.');
    }
    if (RETRYABLE.has(response.status) && attempt < attempts) {
      await sleep(300 * attempt);
      continue;
    }
    const text = await response.text();
    const data = text ? safeJson(text) : undefined;
    if (!response.ok) {
      const error = (data as ErrorResponse | undefined)?.error;
      throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? UNEXPECTED, error?.details);
    }
    return data as T;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNEXPECTED;
}
