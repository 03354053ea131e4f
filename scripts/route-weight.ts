/**
 * How much JavaScript each page of the built client loads, gzipped, from the build manifest
 * (`dist/client/.vite/manifest.json`): the app shell (what `index.html` loads) and, per lazily loaded page,
 * its own chunk and the chunks it imports statically, less those the shell already loaded. Used by
 * `bench/page-weight.ts` (the table in bench/RESULTS.md) and the route budget test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}

export const gzipBytes = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file))).length;

/** The scripts an HTML file loads: its module scripts and modulepreload links. */
export function htmlScripts(dist: string, htmlFile: string): string[] {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].flatMap(
    ([, file]) => (file ? [file] : []),
  );
}

export function readManifest(dist: string): Record<string, Chunk> {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
}

/** A page's own JavaScript: its chunk and what it imports statically, less the shell's files. */
export function pageBytes(dist: string, manifest: Record<string, Chunk>, key: string, shell: ReadonlySet<string>) {
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files].filter((file) => !shell.has(file)).reduce((sum, file) => sum + gzipBytes(dist, file), 0);
}

/** The shell's gzip size and every lazily loaded page's own, by its source path (`features/…`). */
export function routeWeights(dist: string) {
  const manifest = readManifest(dist);
  const shellFiles = htmlScripts(dist, 'index.html');
  const shell = new Set(shellFiles);
  const pages = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('features/'))
    .map(([key]) => ({ page: key, bytes: pageBytes(dist, manifest, key, shell) }));
  return { shellBytes: shellFiles.reduce((sum, file) => sum + gzipBytes(dist, file), 0), pages };
}
