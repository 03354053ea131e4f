import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MessageResponse,
  ResetPasswordRequest,
} from '../../../domain/contracts/auth';
import type { VerifyEmailRequest } from '../../../domain/contracts/email-verification';
import { api } from '../../lib/api-client';
import { meQueryKey } from '../auth';

/** Forgot password: the server e-mails a one-time link (the answer is the same for unknown addresses). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api<MessageResponse>('/api/v1/auth/password-reset/request', { method: 'POST', body }),
  });
}

/** Sets the new password with the e-mailed token; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      api<MessageResponse>('/api/v1/auth/password-reset', { method: 'POST', body }),
  });
}

/** Change password while signed in: this browser keeps a new session, every other one ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api<MessageResponse>('/api/v1/me/password', { method: 'PUT', body }),
  });
}

/** The mailed link's page: verifies the address with the token; signs nobody in. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailRequest) =>
      api<MessageResponse>('/api/v1/auth/verify-email', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** "Resend": a new verification link to the signed-in account's address (a few a quarter-hour). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api<MessageResponse>('/api/v1/me/email-verification', { method: 'POST' }),
  });
}
