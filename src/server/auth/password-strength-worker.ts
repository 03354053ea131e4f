/**
 * The password worker's entry: zxcvbn's estimate runs here, off the event loop, so a flood of
 * long passwords delays only other password checks, never the rest of the server.
 */
import { parentPort } from 'node:worker_threads';
import { passwordStrength } from '../../domain/password-estimator';

export interface StrengthRequest {
  id: number;
  password: string;
  userInputs: string[];
}

export type WorkerMessage =
  | { ready: true }
  | { id: number; verdict: ReturnType<typeof passwordStrength> }
  | { id: number; failed: true };

parentPort?.on('message', (request: StrengthRequest) => {
  let answer: WorkerMessage;
  try {
    answer = { id: request.id, verdict: passwordStrength(request.password, request.userInputs) };
  } catch {
    // One input the estimator cannot take fails that check alone (503), not the worker and its queue.
    answer = { id: request.id, failed: true };
  }
  parentPort?.postMessage(answer);
});

// Load the dictionaries before the first request, and say when that is done: a check's time budget
// starts then, not while the worker is still starting.
passwordStrength('warm-up', []);
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
