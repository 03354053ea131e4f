import { useDeferredModule } from '../../lib/use-deferred-module';
import type { NotificationHome } from './keys';

const loadBell = () => import('./bell-button');
/** The live bell loads this long after the header mounts (then when the browser is idle). */
const BELL_AFTER_MS = 300;

/**
 * The header's bell on every width. What every signed-in page carries is only this: the bell's
 * place, kept at its size so nothing moves, and the loader of the live bell (count, polling, panel), which
 * arrives a moment after the page (ADR 0043). Offline before it ever arrived, the place stays empty until
 * the browser is back online.
 */
export function NotificationBell({ home }: { home: NotificationHome }) {
  const { module: bell } = useDeferredModule(loadBell, BELL_AFTER_MS);
  return bell ? <bell.default home={home} /> : <span className="inline-block h-11 w-11" aria-hidden="true" />;
}
