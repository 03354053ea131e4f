import { z } from 'zod';

/**
 * Why a session exists; mirrors `test_sessions.origin`. A module of its own so the manager's and the
 * analytics contracts name it without loading the practice contracts (the per-route budgets).
 */
export const SESSION_ORIGINS = [
  'practice',
  'assignment',
  'missed',
  'chapter',
  'warm_up',
  'free_test',
  'simulation',
] as const;
export const sessionOriginSchema = z.enum(SESSION_ORIGINS);
export type SessionOrigin = z.infer<typeof sessionOriginSchema>;
