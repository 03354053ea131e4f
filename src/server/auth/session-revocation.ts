import type { Redis } from 'ioredis';
import type { SessionCache } from './session-cache';

/** One session (by token) or every session of a user has ended. */
export type Revocation = { token: string } | { userId: string };

const CHANNEL = 'torqueprep:sessions:revoked';

interface Logger {
  error(object: object, message: string): void;
}

/**
 * Tells every server instance's session cache that a session ended, at once: this instance drops it
 * before the request that ended it answers, and with Redis the others hear it over pub/sub
 * (ADR 0011). A message can only make an instance look a session up again, never trust one longer.
 */
export class SessionRevocations {
  readonly #cache: SessionCache<unknown>;
  readonly #publisher: Redis | undefined;
  readonly #subscriber: Redis | undefined;
  readonly #log: Logger;

  constructor(options: { cache: SessionCache<unknown>; publisher?: Redis; subscriber?: Redis; log: Logger }) {
    this.#cache = options.cache;
    this.#publisher = options.publisher;
    this.#subscriber = options.subscriber;
    this.#log = options.log;
    this.#subscriber?.on('message', (channel, message) => {
      if (channel !== CHANNEL) return;
      const revocation = parseRevocation(message);
      if (revocation) this.#apply(revocation);
    });
  }

  /** Subscribes to other instances' revocations; until Redis answers, the cache TTL still bounds staleness. */
  async listen(): Promise<void> {
    if (!this.#subscriber) return;
    try {
      await this.#subscriber.subscribe(CHANNEL);
    } catch (error) {
      this.#log.error(
        { err: error },
        'could not subscribe to session revocations; other instances may honour ended sessions until the cache TTL',
      );
    }
  }

  async revoke(revocation: Revocation): Promise<void> {
    this.#apply(revocation);
    if (!this.#publisher) return;
    try {
      await this.#publisher.publish(CHANNEL, JSON.stringify(revocation));
    } catch (error) {
      this.#log.error(
        { err: error },
        'could not publish a session revocation; other instances drop it within the cache TTL',
      );
    }
  }

  #apply(revocation: Revocation) {
    if ('token' in revocation) this.#cache.forgetSession(revocation.token);
    else this.#cache.forgetUser(revocation.userId);
  }
}

function parseRevocation(message: string): Revocation | null {
  try {
    const value = JSON.parse(message) as { token?: unknown; userId?: unknown };
    if (typeof value.token === 'string') return { token: value.token };
    if (typeof value.userId === 'string') return { userId: value.userId };
  } catch {
    // Not ours: ignore.
  }
  return null;
}
