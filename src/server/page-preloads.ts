import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locale } from '../domain/locale';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The `<link rel="modulepreload">` tags of a page's code and catalogues in a language. */
export type PagePreloads = (page: { chunk: string; namespaces: readonly string[] }, locale: Locale) => string;

/**
 * Reads the build's manifest (`dist/client/.vite/manifest.json`) once and answers, for a lazily loaded page,
 * the files the browser would otherwise only learn of once the shell had run: the page's chunk and what it
 * imports, and the catalogues it loads in that language (src/web/i18n/catalogue-store.ts: the base namespaces
 * and the page's own), less what `index.html` loads already. Without a manifest (a test's client folder),
 * nothing.
 */
export function pagePreloads(clientDir: string): PagePreloads {
  const manifestFile = resolve(clientDir, '.vite/manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const files = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) files(imported, into);
    return into;
  };
  const shell = files('index.html');
  return ({ chunk, namespaces }, locale) => {
    const catalogues = ['common', 'errors', 'messages', ...namespaces].map(
      (ns) => `i18n/catalogues/${locale}/${ns}.json`,
    );
    const wanted = new Set<string>();
    for (const key of [chunk, ...catalogues]) files(key, wanted);
    return [...wanted]
      .filter((file) => !shell.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  };
}
