import { lazy, Suspense, useEffect, useState } from 'react';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** How long after the app's first render the toaster loads: after the page's own work, before anyone acts. */
const LOAD_AFTER_MS = 1500;

/**
 * Sonner's toaster, loaded shortly after the first render instead of with the app shell (issue 21): toasts
 * follow what a user does, and one raised before the toaster is there shows as it mounts (Sonner replays
 * the toasts still active when its toaster subscribes).
 */
export function Toaster() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoad(true), LOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
