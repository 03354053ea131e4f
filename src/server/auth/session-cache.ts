/**
 * Session cookies that better-auth verified moments ago, so a technician answering a test does not
 * pay a full session lookup on every click (docs/decisions/0008-practice-hot-paths.md). An entry lives
 * for `ttlMs` at most and never past the session's own expiry; signing out on this instance drops
 * it at once, and another instance keeps honouring a signed-out cookie for at most `ttlMs`.
 */
export class SessionCache<T> {
  readonly #entries = new Map<string, { value: T; until: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, expiresAt: Date) {
    if (this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    this.#entries.delete(key);
    // A Map iterates in insertion order, so the first key is the oldest entry.
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { value, until });
  }

  delete(key: string) {
    this.#entries.delete(key);
  }
}

/** The signed session cookie's value (token and signature), or null. */
export function sessionCookieValue(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const match = /(?:^|;\s*)(?:__Secure-)?torqueprep\.session_token=([^;]+)/.exec(cookieHeader);
  return match ? match[1] : null;
}
