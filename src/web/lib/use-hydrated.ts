import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a server-rendered page is rendered on the server and hydrated, true from the render after it
 * (and at once in a page the client renders itself). What only this browser knows (its saved free test, its
 * storage) waits for it, so the hydration render equals the server's HTML (ADR 0028).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
