/** Where the server reads the time for billing; tests pass a clock they can move forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests that jump 14 days or a month. */
export function manualClock(start = new Date()) {
  let current = new Date(start.getTime());
  return {
    now: () => new Date(current.getTime()),
    set(date: Date) {
      current = new Date(date.getTime());
    },
  };
}
