import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PasswordStrength } from '../../domain/password-policy';
import { ServiceUnavailableError } from '../errors';
import type { StrengthRequest, WorkerMessage } from './password-strength-worker';

type Verdict = ReturnType<PasswordStrength>;

const RETRY_AFTER_SECONDS = 5;
/** A worker that has not loaded its dictionaries by then is taken for broken (a loaded host takes ~8 s). */
const STARTUP_BUDGET_MS = 60_000;
/**
 * The longest a check may wait in the queue and run, whatever is ahead of it, before it is answered 503. It
 * counts from when the worker is ready: the first checks after a start wait for the dictionaries to load
 * (bounded by STARTUP_BUDGET_MS), which on a loaded host took longer than this and failed the first sign-up.
 */
const MAX_WAIT_MS = 15_000;

export interface PasswordCheckerOptions {
  /** How long the worker may take over one check before it is restarted and the waiting checks answered 503. */
  budgetMs: number;
  /** Checks waiting at once beyond which new ones are answered 503 at once. */
  maxPending: number;
  log: { warn: (details: object, message: string) => void };
}

interface Pending {
  request: StrengthRequest;
  resolve: (verdict: Verdict) => void;
  reject: (error: Error) => void;
  /** The running check's budget, set when it is handed to the worker. */
  timer?: NodeJS.Timeout;
  /** The check's whole wait, queue included, from when the worker is ready. */
  deadline?: NodeJS.Timeout;
}

/**
 * zxcvbn in a worker thread with a time budget: its CPU cost grows fast with a password's
 * length and symbols (2.3 s for 128 characters before its input was bounded), and on the event loop a few
 * such requests froze every user. The worker starts on the first check (every test app would otherwise
 * start one) and is restarted when a check overruns its budget; beyond `maxPending` waiting checks,
 * callers get a 503 with Retry-After at once.
 */
export class PasswordChecker {
  private worker: Worker | undefined;
  private ready = false;
  private startupTimer: NodeJS.Timeout | undefined;
  /** Checks in arrival order; the first is in the worker once it is ready, one at a time. */
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PasswordCheckerOptions) {}

  check(password: string, userInputs: readonly string[]): Promise<Verdict> {
    if (this.closed || this.queue.length >= this.options.maxPending) return Promise.reject(busy());
    const worker = this.running();
    const request: StrengthRequest = { id: this.nextId++, password, userInputs: [...userInputs] };
    return new Promise<Verdict>((resolve, reject) => {
      const entry: Pending = { request, resolve, reject };
      if (this.ready) this.startWaiting(entry);
      this.queue.push(entry);
      if (this.queue.length === 1) this.sendNext(worker);
    });
  }

  /** Checks waiting or running now. */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.stop(worker);
    await worker?.terminate();
  }

  private startWaiting(entry: Pending) {
    entry.deadline = setTimeout(() => this.expire(entry.request.id), MAX_WAIT_MS);
  }

  /** A check that waited too long behind others: it alone is answered 503 (one running on is restarted). */
  private expire(id: number) {
    const index = this.queue.findIndex((entry) => entry.request.id === id);
    if (index < 0) return;
    const entry = this.queue[index] as Pending;
    if (entry.timer && this.worker) return this.overrun(this.worker);
    this.queue.splice(index, 1);
    entry.reject(busy());
  }

  /** Hands the first waiting check to the worker, with its time budget, once the worker is ready. */
  private sendNext(worker: Worker) {
    const entry = this.queue[0];
    if (!entry || !this.ready || entry.timer) return;
    entry.timer = setTimeout(() => this.overrun(worker), this.options.budgetMs);
    worker.postMessage(entry.request);
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerBootstrap(), { eval: true });
    worker.unref();
    this.worker = worker;
    this.ready = false;
    this.startupTimer = setTimeout(() => this.overrun(worker), STARTUP_BUDGET_MS);
    worker.on('message', (message: WorkerMessage) => {
      // A worker already replaced (over budget, failed) may still answer: it is not listened to.
      if (worker !== this.worker) return;
      if ('ready' in message) {
        clearTimeout(this.startupTimer);
        this.ready = true;
        for (const entry of this.queue) this.startWaiting(entry);
      } else if (this.queue[0]?.request.id === message.id) {
        const entry = this.queue.shift() as Pending;
        clearTimeout(entry.timer);
        clearTimeout(entry.deadline);
        if ('failed' in message) entry.reject(busy());
        else entry.resolve(message.verdict);
      }
      this.sendNext(worker);
    });
    worker.on('error', (error) => {
      if (worker !== this.worker) return;
      this.options.log.warn({ err: error }, 'password worker failed; a new one starts with the next check');
      this.stop(worker);
    });
    worker.on('exit', () => this.stop(worker));
    return worker;
  }

  /** A check (or the start) took longer than its budget: every waiting check fails; a new worker takes over. */
  private overrun(worker: Worker) {
    if (worker !== this.worker) return;
    this.options.log.warn({ waiting: this.queue.length }, 'password check over its time budget; restarting the worker');
    this.stop(worker);
    void worker.terminate();
  }

  /** Forgets `worker` (if it is the current one) and fails the checks that waited on it. */
  private stop(worker: Worker | undefined) {
    if (worker !== this.worker) return;
    clearTimeout(this.startupTimer);
    this.worker = undefined;
    this.ready = false;
    worker?.removeAllListeners('message');
    for (const entry of this.queue.splice(0)) {
      clearTimeout(entry.timer);
      clearTimeout(entry.deadline);
      entry.reject(busy());
    }
  }
}

function busy() {
  return new ServiceUnavailableError('PASSWORD_CHECK_BUSY', RETRY_AFTER_SECONDS);
}

/**
 * In the server's bundle (scripts/build-server.ts, ADR 0056), the URL of the worker's own bundle beside it;
 * undeclared when the server runs from source.
 */
declare const __TP_BUNDLED_PASSWORD_WORKER__: string | undefined;

/**
 * From source, the server runs TypeScript through tsx, whose loader a worker does not inherit: the worker
 * registers it (tsx's API) before it imports its TypeScript entry. From the bundle, the worker imports its
 * bundled entry, without a TypeScript loader.
 */
function workerBootstrap(): string {
  if (typeof __TP_BUNDLED_PASSWORD_WORKER__ === 'string')
    return `import(${JSON.stringify(__TP_BUNDLED_PASSWORD_WORKER__)});`;
  // tsx's exports map 'tsx/esm/api' to this file for `import`; require.resolve would give its CJS form.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./password-strength-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}
