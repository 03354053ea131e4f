/**
 * The password worker's entry (issue 30): zxcvbn's estimate runs here, off the event loop, so a flood of
 * long passwords delays only other password checks, never the rest of the server.
 */
import { parentPort } from 'node:worker_threads';
import { passwordStrength } from '../../domain/password-estimator';

export interface StrengthRequest {
  id: number;
  password: string;
  userInputs: string[];
}

export type WorkerMessage = { ready: true } | { id: number; verdict: ReturnType<typeof passwordStrength> };

parentPort?.on('message', (request: StrengthRequest) => {
  const answer: WorkerMessage = { id: request.id, verdict: passwordStrength(request.password, request.userInputs) };
  parentPort?.postMessage(answer);
});

// Load the dictionaries before the first request, and say when that is done: a check's time budget
// starts then, not while the worker is still starting.
passwordStrength('warm-up', []);
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
