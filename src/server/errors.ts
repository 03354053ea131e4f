import english from '../web/i18n/catalogues/en/errors.json' with { type: 'json' };

/**
 * The server's user-facing messages have one source: the client's English `errors` catalogue (ADR 0050).
 * A message is named by its catalogue id, `CODE` or `CODE.variant` (`errors.NOT_FOUND.certification`);
 * the code is the part before the dot. An id that is not in the catalogue does not compile.
 */
type IdOf<Key> = Key extends `errors.${infer Id}` ? Id : never;
export type ErrorMessageId = IdOf<keyof typeof english>;
type CodeOf<Id> = Id extends `${infer Code}.${string}` ? Code : Id;
export type ErrorCode = CodeOf<ErrorMessageId>;
/** ICU arguments of a message, sent as `details` so the client formats the same message in its language. */
export type MessageParams = Record<string, string | number>;

const catalogue: Record<string, string> = english;

/** The English text of a message, its `{name}` arguments filled in (the catalogue test keeps them plain). */
export function englishMessage(id: ErrorMessageId, params?: MessageParams): string {
  const text = catalogue[`errors.${id}`] ?? id;
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;
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
 * A request that breaks a shared contract's rule the schema could not express (a password that is too
 * common): its message is the contract's own, which the client translates like a form's (ADR 0050).
 */
export class ContractError extends AppError {
  constructor(
    readonly contractMessage: string,
    details?: unknown,
  ) {
    super('VALIDATION_FAILED', 400, details);
    this.message = contractMessage;
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
