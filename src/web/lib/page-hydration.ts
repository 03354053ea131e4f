/**
 * While a server-rendered entry page is being hydrated (ADR 0028), an update that reaches into the part React
 * has not hydrated yet makes it hydrate that part at once, in one long task, instead of a few milliseconds at
 * a time: the visitor's taps wait for all of it. So what would update the page on its own (the session read,
 * a switch to the browser's language) waits for `pageHydrated()`, which the page's own first effect calls.
 * A page the client renders itself never waits.
 */
let done: Promise<void> = Promise.resolve();
let finish = () => {};

/** Called before `hydrateRoot`: from now until the page's first effect, `pageHydration()` waits. */
export function startPageHydration() {
  done = new Promise<void>((resolve) => {
    finish = resolve;
  });
}

/** The page has committed (its first effect ran); any later call changes nothing. */
export function pageHydrated() {
  finish();
}

/** Settles once the page being hydrated is hydrated; at once otherwise. */
export function pageHydration(): Promise<void> {
  return done;
}
