import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Says so when the network is gone: opened study guides still read, tests need a connection. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      <FormattedMessage id="common.offline.banner" />
    </div>
  );
}

/**
 * Registers the service worker (production builds) and, when a new version has been downloaded, offers
 * "Reload to update" instead of swapping the app under the user mid-test.
 */
export function UpdatePrompt() {
  // A page rendered to HTML at build time has no service worker to register (ADR 0028); it renders nothing
  // there, as the browser's first render does.
  return typeof navigator === 'undefined' ? null : <ServiceWorkerUpdate />;
}

function ServiceWorkerUpdate() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg sm:bottom-4"
    >
      <FormattedMessage id="common.update.ready" />
      <button
        type="button"
        onClick={() => void updateServiceWorker(true)}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        <FormattedMessage id="common.update.reload" />
      </button>
    </div>
  );
}
