import { useEffect, useState } from 'react';

/**
 * A module the page can do without at first (a toaster, a menu's dialog), loaded `delayMs` after mount (then
 * when the browser is idle; never by itself when `delayMs` is null) or at once when `now` turns true, without
 * suspending: `module` is null until it has arrived. A load that fails (no network and the file not cached
 * yet) never breaks the page, as a failed `React.lazy` without an error boundary would: `failed` says so, so the
 * caller can offer something simpler, and it is tried again when the browser comes back online.
 */
export function useDeferredModule<T>(
  load: () => Promise<T>,
  delayMs: number | null,
  now = false,
): { module: T | null; failed: boolean } {
  const [module, setModule] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module || (delayMs === null && !now)) return;
    let cancelled = false;
    const attempt = () => {
      load().then(
        (loaded) => {
          if (!cancelled) setModule(() => loaded);
        },
        () => {
          if (cancelled) return;
          setFailed(true);
          window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    // After the delay, when the main thread is idle (where the browser can say so), so the page's own work
    // goes first; at once when asked for.
    let idle = 0;
    const timer = window.setTimeout(
      () => {
        if (now || typeof window.requestIdleCallback !== 'function') attempt();
        else idle = window.requestIdleCallback(attempt, { timeout: delayMs ?? 0 });
      },
      now ? 0 : (delayMs ?? 0),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      if (idle) window.cancelIdleCallback(idle);
      window.removeEventListener('online', attempt);
    };
  }, [load, delayMs, now, module]);
  return { module, failed: failed && !module };
}
