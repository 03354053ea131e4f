import { loadSonner } from '../lib/toast';
import { useDeferredModule } from '../lib/use-deferred-module';

/** How long after the app's first render the toaster loads: after the page's own work, before anyone acts. */
const LOAD_AFTER_MS = 1500;

/**
 * Sonner's toaster, loaded shortly after the first render instead of with the app shell: toasts
 * follow what a user does, and one raised before the toaster is there shows as it mounts (Sonner replays
 * the toasts still active when its toaster subscribes).
 */
export function Toaster() {
  const { module: sonner } = useDeferredModule(loadSonner, LOAD_AFTER_MS);
  return sonner ? (
    // Below the header (56 px on a phone, 64 on a desktop), not over its menu and title.
    <sonner.Toaster position="top-center" offset={{ top: 72 }} mobileOffset={{ top: 64 }} richColors closeButton />
  ) : null;
}
