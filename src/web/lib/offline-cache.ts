/**
 * The service worker's caches of one user's data (vite.config.ts, ADR 0025): who is signed in and the study
 * guides they opened. Signing out empties them, so the next person on the device starts clean.
 */
export const USER_CACHES = ['session', 'study-guides'] as const;

export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}
