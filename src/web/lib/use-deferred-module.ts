import { useEffect, useState } from 'react';

/**
 * A module the page can do without at first (a toaster, a menu's dialog), loaded `delayMs` after mount or at
 * once when `now` turns true, without suspending: null until it has arrived. A load that fails (the network
 * is gone and the file is not cached yet) is tried again when the browser is back online; it never breaks
 * the page, as a failed `React.lazy` without an error boundary would.
 */
export function useDeferredModule<T>(load: () => Promise<T>, delayMs: number, now = false): T | null {
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    if (module) return;
    let cancelled = false;
    const attempt = () => {
      load().then(
        (loaded) => {
          if (!cancelled) setModule(() => loaded);
        },
        () => {
          if (!cancelled) window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    const timer = window.setTimeout(attempt, now ? 0 : delayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', attempt);
    };
  }, [load, delayMs, now, module]);
  return module;
}
