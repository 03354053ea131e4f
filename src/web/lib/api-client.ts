import type { ErrorResponse } from '../../domain/contracts/common';

/**
 * An API failure: the server's code and English message (for logs). The web shows the catalogue's
 * `errors.<key>` formatted with `details` instead, in the user's language (ADR 0050: `useErrorText`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** The message's catalogue id: the code, or the more precise `CODE.variant` the server named. */
    readonly key: string = code,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Seconds the server asked the client to wait (`Retry-After` on 429 and 503), for the retry policy. */
  retryAfterSeconds?: number;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

let leaving = false;
/**
 * Signing out: the page loads afresh next, so no request leaves after the sign-out one (the server would
 * refuse it with a 401). A request asked for meanwhile waits for the page to go.
 */
export function stopRequests() {
  leaving = true;
}

/**
 * The one way the client talks to the server: JSON in and out, the session cookie attached, errors decoded
 * to ApiError. One request per call: retrying is TanStack Query's, by the one policy in app/retry-policy.ts
 * (ADR 0051), so a failing read is not asked again by two layers.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (leaving) return new Promise<T>(() => {});
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
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
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, 'OFFLINE', 'offline');
    throw new ApiError(0, 'NETWORK', 'no answer');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as ErrorResponse | undefined)?.error;
    const failure = new ApiError(
      response.status,
      error?.code ?? 'UNEXPECTED',
      error?.message ?? `HTTP ${response.status}`,
      error?.details,
      error?.key,
    );
    // Seconds only (what this server sends); an HTTP date or nothing leaves the policy's own backoff.
    failure.retryAfterSeconds = Number(response.headers.get('retry-after')) || undefined;
    throw failure;
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
