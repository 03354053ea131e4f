import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { RedisLink } from './redis-link';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
type Method = 'incr' | 'read';
type StoreSettings = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
/** Both of the plugin's stores also have `read`, its non-counting peek (`{ increment: false }`). */
type ReadableStore = FastifyRateLimitStore & {
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
};

/**
 * @fastify/rate-limit's store that counts in Redis while it is up and in this instance's memory while it is
 * down (ADR 0035): a limit then holds per instance instead of failing the request with a 500, and no request
 * waits for Redis. A count that Redis fails mid-command is taken in memory, and marks Redis down.
 */
export function failoverRateLimitStore(link: RedisLink): FastifyRateLimitStoreCtor {
  class FailoverStore implements FastifyRateLimitStore {
    readonly #redis: ReadableStore;
    readonly #memory: ReadableStore;

    constructor(options: FastifyRateLimitOptions, stores?: { redis: ReadableStore; memory: ReadableStore }) {
      // The plugin passes its merged settings, which carry these too (its own stores read them the same way).
      const { continueExceeding = false, exponentialBackoff = false, cache } = options as StoreSettings;
      this.#redis =
        stores?.redis ?? (new RedisStore(continueExceeding, exponentialBackoff, link.client) as ReadableStore);
      this.#memory = stores?.memory ?? (new LocalStore(continueExceeding, exponentialBackoff, cache) as ReadableStore);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.#count('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.#count('read', key, callback, timeWindow, max);
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new FailoverStore(routeOptions as FastifyRateLimitOptions, {
        redis: this.#redis.child(routeOptions) as ReadableStore,
        memory: this.#memory.child(routeOptions) as ReadableStore,
      });
    }

    #count(method: Method, key: string, callback: Callback, timeWindow: number, max: number) {
      const inMemory = () => {
        link.countMemoryFallback();
        this.#memory[method](key, callback, timeWindow, max);
      };
      if (!link.up) return inMemory();
      this.#redis[method](
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          link.failed(error);
          inMemory();
        },
        timeWindow,
        max,
      );
    }
  }
  return FailoverStore;
}
