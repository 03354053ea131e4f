/** The accounts module's public surface: what other server code may call (ADR 0053). */
export { authHandlerRoutes } from './auth-handler';
export { emailVerificationRoutes } from './email-verification';
export { passwordResetMail } from './password-reset-mail';
export { loadSessionUser } from './service';
