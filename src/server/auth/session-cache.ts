/** Which better-auth session a cached cookie stands for, so ending that session (or all of a user's) drops it. */
export interface SessionOwner {
  token: string;
  userId: string;
}

interface Entry<T> extends SessionOwner {
  value: T;
  until: number;
}

/**
 * Session cookies that better-auth verified moments ago, so a technician answering a test does not
 * pay a full session lookup on every click (docs/decisions/0008-practice-hot-paths.md). An entry lives
 * for `ttlMs` at most and never past the session's own expiry. Entries are keyed by the whole signed
 * cookie (a forged cookie never matches) and indexed by session token and user, so every way a session
 * ends drops it at once (`forgetSession`, `forgetUser`; ADR 0011 wires them to better-auth and Redis).
 */
export class SessionCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #byToken = new Map<string, Set<string>>();
  readonly #byUser = new Map<string, Set<string>>();
  /** While true, nothing is read from or kept in the cache: every cookie is looked up (`suspend`). */
  #suspended = false;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#entries.size;
  }

  get(cookie: string): T | undefined {
    if (this.#suspended) return undefined;
    const entry = this.#entries.get(cookie);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.delete(cookie);
      return undefined;
    }
    return entry.value;
  }

  set(cookie: string, value: T, expiresAt: Date, owner: SessionOwner) {
    if (this.ttlMs <= 0 || this.#suspended) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    this.delete(cookie);
    // A Map iterates in insertion order, so the first key is the oldest entry.
    if (this.#entries.size >= this.maxEntries) this.delete(this.#entries.keys().next().value as string);
    this.#entries.set(cookie, { value, until, ...owner });
    index(this.#byToken, owner.token).add(cookie);
    index(this.#byUser, owner.userId).add(cookie);
  }

  delete(cookie: string) {
    const entry = this.#entries.get(cookie);
    if (!entry) return;
    this.#entries.delete(cookie);
    unindex(this.#byToken, entry.token, cookie);
    unindex(this.#byUser, entry.userId, cookie);
  }

  /**
   * Empties the cache and keeps it empty until `resume`: while this instance cannot hear that a session
   * ended elsewhere (Redis down, ADR 0035), the database answers for every cookie.
   */
  suspend() {
    this.#suspended = true;
    this.#entries.clear();
    this.#byToken.clear();
    this.#byUser.clear();
  }

  resume() {
    this.#suspended = false;
  }

  /** Drops every cookie of one session (signed-out, revoked). */
  forgetSession(token: string) {
    for (const cookie of [...(this.#byToken.get(token) ?? [])]) this.delete(cookie);
  }

  /** Drops every cookie of one user (all sessions revoked, password changed or reset). */
  forgetUser(userId: string) {
    for (const cookie of [...(this.#byUser.get(userId) ?? [])]) this.delete(cookie);
  }
}

function index(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

function unindex(map: Map<string, Set<string>>, key: string, cookie: string) {
  const set = map.get(key);
  if (!set) return;
  set.delete(cookie);
  if (set.size === 0) map.delete(key);
}

/** The signed session cookie's value (token and signature), or null. */
export function sessionCookieValue(cookieHeader: string | undefined, secure = false): string | null {
  if (!cookieHeader) return null;
  // On https better-auth names the cookie __Secure-…, which only a secure page can set. The plain name could
  // be planted over http by anyone on the network (cookie tossing), so there it is not read.
  const match = (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE).exec(cookieHeader);
  return match?.[1] ?? null;
}

const SESSION_COOKIE = /(?:^|;\s*)torqueprep\.session_token=([^;]+)/;
const SECURE_SESSION_COOKIE = /(?:^|;\s*)__Secure-torqueprep\.session_token=([^;]+)/;
