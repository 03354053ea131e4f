/** An error with a code, status and user-facing message; the error handler turns it into {error:{code,message}}. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A dependency or resource that is busy or down: 503 with Retry-After, so clients know to come back. */
export class ServiceUnavailableError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, 503, message);
  }
}

export const notSignedIn = () => new AppError('UNAUTHENTICATED', 401, 'Please sign in to continue.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', 403, message);
export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);
export const validationFailed = (message: string, details?: unknown) =>
  new AppError('VALIDATION_FAILED', 400, message, details);
export const conflict = (code: string, message: string) => new AppError(code, 409, message);

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';
/** Seconds a client should wait before retrying while the database is unavailable (sent as Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE = 'The payment service is unavailable. Please try again shortly.';
/** Seconds a client should wait before retrying while the payment provider (Stripe) cannot be reached. */
export const PAYMENT_PROVIDER_RETRY_AFTER_SECONDS = 30;
