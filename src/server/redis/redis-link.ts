import { Redis, type RedisOptions } from 'ioredis';

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RedisLinkOptions {
  url: string;
  log: Logger;
  /** A command that has not answered in this long counts as Redis being down (ms). */
  commandTimeoutMs?: number;
  /** How often an idle instance checks that Redis still answers (ms). */
  heartbeatMs?: number;
}

/** What /api/metrics reports about Redis. */
export interface RedisLinkStats {
  up: boolean;
  outages: number;
  memoryFallbacks: number;
}

/**
 * The server's two Redis connections (commands, and pub/sub) and one answer to "is Redis up?" (ADR 0035).
 * Redis is up when both connections are ready, the subscriptions are confirmed and no command has failed
 * since. A failed or timed-out command marks it down at once (and reconnects both, since a connection
 * that swallowed one command cannot be trusted with the next); ioredis keeps reconnecting, so it comes
 * back up without a restart. Commands are never queued while it is down: callers ask `up` and use their
 * fallback instead of waiting.
 */
export class RedisLink {
  readonly client: Redis;
  readonly #subscriber: Redis;
  readonly #log: Logger;
  readonly #handlers = new Map<string, (message: string) => void>();
  readonly #listeners: Array<(up: boolean) => void> = [];
  readonly #heartbeat: NodeJS.Timeout;
  #clientReady = false;
  #subscribed = false;
  #up = false;
  /** Whether Redis has been up since start-up, so a failure at start-up is logged as one too. */
  #state: 'starting' | 'up' | 'down' = 'starting';
  #outages = 0;
  #memoryFallbacks = 0;

  constructor(options: RedisLinkOptions) {
    this.#log = options.log;
    const connection: RedisOptions = {
      // Fail at once rather than queue: a queued command is a request waiting for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: 2000,
      // Keep trying for as long as the server runs, at most every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      autoResubscribe: false,
    };
    this.client = new Redis(options.url, connection);
    this.#subscriber = new Redis(options.url, connection);

    this.client.on('ready', () => this.#set(() => (this.#clientReady = true)));
    this.client.on('close', () => this.#set(() => (this.#clientReady = false)));
    this.#subscriber.on('ready', () => void this.#subscribeAll());
    this.#subscriber.on('close', () => this.#set(() => (this.#subscribed = false)));
    this.#subscriber.on('message', (channel: string, message: string) => this.#handlers.get(channel)?.(message));
    // ioredis reports each failed connection attempt here; the state change is logged once, in #set.
    for (const connectionOf of [this.client, this.#subscriber]) connectionOf.on('error', (error) => this.#down(error));

    this.#heartbeat = setInterval(() => void this.#checkAlive(), options.heartbeatMs ?? 2000);
    this.#heartbeat.unref();
  }

  get up(): boolean {
    return this.#up;
  }

  get stats(): RedisLinkStats {
    return { up: this.#up, outages: this.#outages, memoryFallbacks: this.#memoryFallbacks };
  }

  /**
   * Waits until Redis is up or `timeoutMs` has passed, so a server that starts beside a working Redis
   * serves its first requests through it; a Redis that is down at start-up only delays the start.
   */
  async waitUntilUp(timeoutMs: number): Promise<boolean> {
    if (this.#up) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.#up), timeoutMs);
      this.onChange((up) => {
        if (!up) return;
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Called with the new state each time Redis goes down or comes back. */
  onChange(listener: (up: boolean) => void) {
    this.#listeners.push(listener);
  }

  /** Listens on a channel, now and after every reconnection; Redis counts as up only once it is subscribed. */
  listen(channel: string, handler: (message: string) => void) {
    this.#handlers.set(channel, handler);
    if (this.#subscriber.status === 'ready') void this.#subscribeAll();
  }

  /** Publishes when Redis is up; false when it is down or the publish failed (and Redis is then down). */
  async publish(channel: string, message: string): Promise<boolean> {
    if (!this.#up) return false;
    try {
      await this.client.publish(channel, message);
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /** A command failed or timed out: Redis is down until both connections are ready again. */
  failed(error: unknown) {
    this.#down(error);
    // A timed-out command leaves the connection open but useless: drop it so ioredis reconnects.
    for (const connection of [this.client, this.#subscriber]) {
      if (connection.status === 'ready') connection.disconnect(true);
    }
  }

  /** One rate-limit count kept in this instance's memory because Redis was down. */
  countMemoryFallback() {
    this.#memoryFallbacks += 1;
  }

  async close() {
    clearInterval(this.#heartbeat);
    for (const connection of [this.client, this.#subscriber]) {
      // QUIT when Redis answers; otherwise stop reconnecting at once.
      await connection.quit().catch(() => undefined);
      connection.disconnect();
    }
  }

  async #subscribeAll() {
    const channels = [...this.#handlers.keys()];
    try {
      if (channels.length > 0) await this.#subscriber.subscribe(...channels);
      this.#set(() => (this.#subscribed = true));
    } catch (error) {
      this.failed(error);
    }
  }

  /** A PING on each connection, so an idle instance notices a Redis that stopped answering. */
  async #checkAlive() {
    if (!this.#up) return;
    try {
      await Promise.all([this.client.ping(), this.#subscriber.ping()]);
    } catch (error) {
      this.failed(error);
    }
  }

  #down(error: unknown) {
    this.#set(() => {
      this.#clientReady = this.client.status === 'ready' && this.#clientReady;
      this.#subscribed = false;
    }, error);
  }

  #set(change: () => void, cause?: unknown) {
    change();
    this.#up = this.#clientReady && this.#subscribed;
    const next = this.#up ? 'up' : cause === undefined && this.#state === 'starting' ? 'starting' : 'down';
    if (next === this.#state || next === 'starting') return;
    const previous = this.#state;
    this.#state = next;
    if (next === 'down') {
      this.#outages += 1;
      this.#log.error(
        { err: cause },
        'redis unavailable: rate limits count in this instance’s memory and every session is checked in the database until it returns',
      );
    } else if (previous === 'down') {
      this.#log.info({}, 'redis available again: rate limits and session revocations go through it');
    }
    for (const listener of this.#listeners) listener(this.#up);
  }
}
