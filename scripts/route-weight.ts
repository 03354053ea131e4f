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
  dynamicImports?: string[];
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

/** A chunk's file and every file it imports statically. */
function closure(manifest: Record<string, Chunk>, key: string, files = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

/**
 * What is loaded before a lazily loaded part can be: the shell and, for a part that only pages load (the
 * manager's Assign Test dialog, loaded by the dashboard), the files every one of those pages has loaded
 * already. Without that, a module the bundler puts in the page's chunk and the dialog shares would count the
 * whole page against the dialog, though opening the dialog fetches none of it.
 */
function loadedBefore(manifest: Record<string, Chunk>, key: string, shell: ReadonlySet<string>) {
  const importers = Object.entries(manifest).filter(([, chunk]) => chunk.dynamicImports?.includes(key));
  if (importers.length === 0 || importers.some(([k, chunk]) => !chunk.isDynamicEntry || !k.startsWith('features/'))) {
    return shell;
  }
  const [first, ...rest] = importers.map(([k]) => closure(manifest, k));
  const common = [...(first ?? [])].filter((file) => rest.every((files) => files.has(file)));
  return new Set([...shell, ...common]);
}

/** The shell's gzip size and every lazily loaded page's own, by its source path (`features/…`). */
export function routeWeights(dist: string) {
  const manifest = readManifest(dist);
  const shellFiles = htmlScripts(dist, 'index.html');
  const shell = new Set(shellFiles);
  const pages = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('features/'))
    .map(([key]) => ({ page: key, bytes: pageBytes(dist, manifest, key, loadedBefore(manifest, key, shell)) }));
  return { shellBytes: shellFiles.reduce((sum, file) => sum + gzipBytes(dist, file), 0), pages };
}
