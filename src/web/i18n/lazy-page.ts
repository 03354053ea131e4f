import { type ComponentType, lazy } from 'react';
import { loadNamespaces } from './catalogue-store';

/**
 * A route's page, code-split, that renders only once its message catalogues are loaded:
 * `lazyPage(() => import('./free-test-page'), ['free-test'])`.
 */
export function lazyPage<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly string[],
) {
  return lazy(async () => {
    const [page] = await Promise.all([importer(), loadNamespaces(namespaces)]);
    return page;
  });
}
