import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadNamespaces } from './catalogue-store';

/**
 * A page's code or catalogues could not be loaded: a deploy replaced the files this page knew of, or the
 * connection failed. React keeps the failed load, so the route's error boundary offers a page reload.
 */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
}

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /**
   * Loads the page's code and catalogues now. Once it has resolved, the page's first render does not suspend:
   * a server-rendered page is hydrated with its content, never with the Suspense fallback (ADR 0028).
   */
  preload: () => Promise<void>;
};

/**
 * A route's page, code-split, that renders only once its message catalogues are loaded:
 * `lazyPage(() => import('./free-test-page'), ['free-test'])`.
 */
export function lazyPage<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly string[],
): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () => {
    loading ??= (async () => {
      try {
        const [page] = await Promise.all([importer(), loadNamespaces(namespaces)]);
        loaded = page;
        return page;
      } catch (error) {
        loading = undefined;
        throw new PageLoadError(String(error), { cause: error });
      }
    })();
    return loading;
  };
  // React.lazy settles synchronously when its thenable calls back at once: a preloaded page is handed over
  // that way, so its first render (the hydration of the server's HTML) has it without suspending.
  const page = lazy(() => {
    const ready = loaded;
    if (!ready) return load();
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles at once is the point (see above)
    const settled = { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(ready) };
    return settled as unknown as Promise<{ default: ComponentType<P> }>;
  }) as LazyPage<P>;
  page.preload = async () => {
    await load();
  };
  return page;
}
