import type { RedisLink } from '../redis/redis-link';
import type { SessionCache } from './session-cache';

/** One session (by token) or every session of a user has ended. */
export type Revocation = { token: string } | { userId: string };

const CHANNEL = 'torqueprep:sessions:revoked';

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Tells every server instance's session cache that a session ended, at once: this instance drops it
 * before the request that ended it answers, and with Redis the others hear it over pub/sub
 * (ADR 0011). A message can only make an instance look a session up again, never trust one longer.
 * While this instance cannot hear the others (Redis down or not yet subscribed), its cache is
 * suspended and the database answers for every cookie (ADR 0035).
 */
export class SessionRevocations {
  readonly #cache: SessionCache<unknown>;
  readonly #link: RedisLink | undefined;
  readonly #log: Logger;

  constructor(options: { cache: SessionCache<unknown>; link?: RedisLink; log: Logger }) {
    this.#cache = options.cache;
    this.#link = options.link;
    this.#log = options.log;
    const link = this.#link;
    if (!link) return;
    if (!link.up) this.#cache.suspend();
    link.onChange((up) => (up ? this.#cache.resume() : this.#cache.suspend()));
    link.listen(CHANNEL, (message) => {
      const revocation = parseRevocation(message);
      if (revocation) this.#apply(revocation);
    });
  }

  async revoke(revocation: Revocation): Promise<void> {
    this.#apply(revocation);
    if (!this.#link) return;
    if (!(await this.#link.publish(CHANNEL, JSON.stringify(revocation)))) {
      // Instances that lost Redis too check every cookie in the database; one that still hears Redis
      // drops this session when its cached entry expires (SESSION_CACHE_TTL_MS).
      this.#log.warn({}, 'could not publish a session revocation: redis is down');
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
