import type { MessageId } from '../domain/messages';
import english from '../web/i18n/catalogues/en/errors.json' with { type: 'json' };
import { englishText, fieldMessage, fillArguments, type MessageParams } from './messages';

/**
 * The server's user-facing messages have one source: the client's English `errors` catalogue (ADR 0050).
 * A message is named by its catalogue id, `CODE` or `CODE.variant` (`errors.NOT_FOUND.certification`);
 * the code is the part before the dot. An id that is not in the catalogue does not compile.
 */
type IdOf<Key> = Key extends `errors.${infer Id}` ? Id : never;
export type ErrorMessageId = IdOf<keyof typeof english>;
type CodeOf<Id> = Id extends `${infer Code}.${string}` ? Code : Id;
export type ErrorCode = CodeOf<ErrorMessageId>;
export type { MessageParams };

const catalogue: Record<string, string> = english;

/** The English text of a message, its `{name}` arguments filled in (the catalogue test keeps them plain). */
export function englishMessage(id: ErrorMessageId, params?: MessageParams): string {
  return fillArguments(catalogue[`errors.${id}`] ?? id, params);
}

const codeOf = (id: ErrorMessageId) => id.split('.')[0] as ErrorCode;

/** The body of every API failure: `{ error: { code, message, key?, details? } }` (contracts/common.ts). */
export function errorBody(id: ErrorMessageId, details?: unknown) {
  const code = codeOf(id);
  const params = details && typeof details === 'object' && !Array.isArray(details) ? details : undefined;
  return {
    error: {
      code,
      message: englishMessage(id, params as MessageParams | undefined),
      // The catalogue id when it is more than the code, so the client shows the same message.
      ...(id === code ? {} : { key: id }),
      ...(details === undefined ? {} : { details }),
    },
  };
}

/**
 * An error with a code, status and message id; the error handler turns it into `errorBody`. An object
 * `details` holds the message's ICU arguments (and anything else the client may use), an array the
 * fields at fault.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly id: ErrorMessageId,
    readonly statusCode: number,
    readonly details?: unknown,
  ) {
    super(englishMessage(id, details && typeof details === 'object' ? (details as MessageParams) : undefined));
    this.name = 'AppError';
    this.code = codeOf(id);
  }
}

/**
 * The 400 answer to a request that breaks a shared contract: `fields` pairs each JSON pointer with the
 * contract's message id (or zod's own English where a schema names none). The first field's message is the
 * body's; `key` and each detail's `key` are the `messages.*` id, which the client translates (ADR 0050).
 */
export function contractErrorBody(fields: readonly { path: string; message?: string }[]) {
  const request = englishMessage('VALIDATION_FAILED.request');
  const details = fields.map(({ path, message }) =>
    message ? fieldMessage(path, message) : { path, message: request },
  );
  const [first] = details;
  return {
    error: {
      code: 'VALIDATION_FAILED' as const,
      message: first?.message ?? request,
      ...(first?.key ? { key: first.key } : {}),
      details,
    },
  };
}

/**
 * A request that breaks a shared contract's rule the schema could not express (a password that is too
 * common): answered like a schema's failure, with `contractErrorBody`.
 */
export class ContractError extends AppError {
  constructor(readonly fields: readonly { path: string; message: MessageId }[]) {
    super('VALIDATION_FAILED', 400);
    this.message = englishText(fields[0]?.message ?? '');
  }
}

/** A dependency or resource that is busy or down: 503 with Retry-After, so clients know to come back. */
export class ServiceUnavailableError extends AppError {
  constructor(
    id: ErrorMessageId,
    readonly retryAfterSeconds: number,
  ) {
    super(id, 503);
  }
}

export const notSignedIn = () => new AppError('UNAUTHENTICATED', 401);
export const forbidden = (id: 'FORBIDDEN' | 'FORBIDDEN.accountSetup' = 'FORBIDDEN') => new AppError(id, 403);
export const notFound = (id: Extract<ErrorMessageId, `NOT_FOUND${string}`> = 'NOT_FOUND') => new AppError(id, 404);
export const validationFailed = (id: Extract<ErrorMessageId, `VALIDATION_FAILED${string}`>, details?: unknown) =>
  new AppError(id, 400, details);

/** Seconds a client should wait before retrying while the database is unavailable (sent as Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Seconds a client should wait before retrying while the payment provider (Stripe) cannot be reached. */
export const PAYMENT_PROVIDER_RETRY_AFTER_SECONDS = 30;
