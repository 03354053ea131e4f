import { type ComponentType, lazy } from 'react';
import { loadNamespaces } from './catalogue-store';

/**
 * A page's code or catalogues could not be loaded: a deploy replaced the files this page knew of, or the
 * connection failed. React keeps the failed load, so the route's error boundary offers a page reload.
 */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
}

/**
 * A route's page, code-split, that renders only once its message catalogues are loaded:
 * `lazyPage(() => import('./free-test-page'), ['free-test'])`.
 */
export function lazyPage<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly string[],
) {
  return lazy(async () => {
    try {
      const [page] = await Promise.all([importer(), loadNamespaces(namespaces)]);
      return page;
    } catch (error) {
      throw new PageLoadError(String(error), { cause: error });
    }
  });
}
