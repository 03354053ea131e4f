import type { Letter } from '../../../domain/content/letters';
import type { SavedAnswer } from '../../../domain/contracts/practice';
import { ApiError } from '../../lib/api-client';

/**
 * Answers that survive a flaky connection: every choice and flag is queued and sent in the
 * order it was made; a save that fails for want of a network (or a busy server) is retried with
 * backoff, and at once when the browser says it is back online; a save the server refuses (4xx) is
 * dropped and reported. Nothing is retried after the exam's deadline: the server's clock decides, and
 * a reopened exam is scored as the server has it. Only Submit waits for the queue (`flush`).
 */

export interface AnswerChange {
  answer?: Letter;
  flagged?: boolean;
}

/** What the runner shows by the progress bar: "Saving…", "Saved", "Offline — will sync". */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'failed';

export interface SaveQueueOptions {
  send: (position: number, change: AnswerChange) => Promise<SavedAnswer>;
  /** Epoch ms after which saves are pointless (an exam's deadline plus grace); null: no deadline. */
  giveUpAt: number | null;
  onStatus: (status: SaveStatus) => void;
  onSaved?: (saved: SavedAnswer) => void;
  /** The server refused this change (or the deadline passed before it could be saved). */
  onRejected: (position: number, change: AnswerChange, error: unknown) => void;
  now?: () => number;
  wait?: (ms: number) => { promise: Promise<void>; cancel: () => void };
  /** Delay before retry number `attempt` (1, 2, …). */
  backoff?: (attempt: number) => number;
}

interface Entry {
  position: number;
  change: AnswerChange;
}

/** 1 s, 2 s, 4 s … capped at 30 s. */
export const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1));

/** Network failures, rate limits and server trouble are worth retrying; other refusals are final. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function defaultWait(ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    done = resolve;
    timer = setTimeout(resolve, ms);
  });
  return {
    promise,
    cancel: () => {
      clearTimeout(timer);
      done();
    },
  };
}

export class SaveQueue {
  private readonly queue: Entry[] = [];
  private running = false;
  private pendingWait: { cancel: () => void } | null = null;
  private idle: { promise: Promise<void>; resolve: () => void } | null = null;
  private gaveUp = false;
  private readonly now: () => number;
  private readonly wait: NonNullable<SaveQueueOptions['wait']>;
  private readonly backoff: (attempt: number) => number;

  constructor(private readonly options: SaveQueueOptions) {
    this.now = options.now ?? Date.now;
    this.wait = options.wait ?? defaultWait;
    this.backoff = options.backoff ?? defaultBackoff;
  }

  /** Changes not yet saved, oldest first. */
  get pending(): readonly Entry[] {
    return this.queue;
  }

  /**
   * Queues a change. A change for a question that already waits (not yet sent) merges into it, so the
   * latest choice wins and each question's saves stay in the order they were made.
   */
  enqueue(position: number, change: AnswerChange) {
    const waiting = this.queue.findLast((e, i) => e.position === position && (i > 0 || !this.running));
    if (waiting) waiting.change = { ...waiting.change, ...change };
    else this.queue.push({ position, change });
    void this.run();
  }

  /** Retry now (the browser is back online). */
  retryNow() {
    this.pendingWait?.cancel();
  }

  /** Resolves once every queued change is saved or refused; rejects if the deadline gave up on some. */
  flush(): Promise<void> {
    if (this.gaveUp) return Promise.reject(new Error('gave up'));
    if (this.queue.length === 0 && !this.running) return Promise.resolve();
    if (!this.idle) {
      let resolve: () => void = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.idle = { promise, resolve };
    }
    const { promise } = this.idle;
    return promise.then(() => {
      if (this.gaveUp) throw new Error('gave up');
    });
  }

  private pastDeadline() {
    return this.options.giveUpAt !== null && this.now() > this.options.giveUpAt;
  }

  private async run() {
    if (this.running) return;
    this.running = true;
    this.options.onStatus('saving');
    let attempt = 0;
    for (let entry = this.queue[0]; entry; entry = this.queue[0]) {
      if (this.pastDeadline()) {
        // The server would refuse it: stop, and say which changes were not saved.
        this.gaveUp = true;
        for (const e of this.queue.splice(0)) this.options.onRejected(e.position, e.change, new Error('deadline'));
        break;
      }
      try {
        const saved = await this.options.send(entry.position, entry.change);
        this.queue.shift();
        attempt = 0;
        this.options.onSaved?.(saved);
        if (this.queue.length > 0) this.options.onStatus('saving');
      } catch (error) {
        if (!isRetryable(error)) {
          this.queue.shift();
          this.options.onRejected(entry.position, entry.change, error);
          continue;
        }
        attempt += 1;
        this.options.onStatus('offline');
        const wait = this.wait(this.backoff(attempt));
        this.pendingWait = wait;
        await wait.promise;
        this.pendingWait = null;
        if (!this.pastDeadline()) this.options.onStatus('saving');
      }
    }
    this.running = false;
    this.options.onStatus(this.gaveUp ? 'failed' : 'saved');
    const idle = this.idle;
    this.idle = null;
    idle?.resolve();
  }
}
