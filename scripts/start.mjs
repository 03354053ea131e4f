// @ts-check
/**
 * `npm start`: builds what is missing or older than its sources (the client, and the server's bundle,
 * ADR 0056), then serves everything on http://localhost:3000 with the embedded database.
 *
 * Plain JavaScript run by Node itself, so a start loads no TypeScript loader: the server runs from its
 * bundle, dist/server/main.js (`npm run dev` and the cluster stay on tsx and the sources).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/client/home.html');
const serverBundle = join(root, 'dist/server/main.js');

/** The newest change under `dir`: a file's, or a folder's (a file added, renamed or deleted). @param {string} dir */
function newestMtime(dir) {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** @param {string} built @param {string[]} sources */
const olderThan = (built, sources) =>
  !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map((dir) => newestMtime(join(root, dir))));

/** @param {string[]} command */
function run(command) {
  const [program = 'npm', ...args] = command;
  const result = spawnSync(program, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (olderThan(builtIndex, ['src/web', 'src/domain'])) {
  console.log('Building the client and the server…');
  run(['npm', 'run', 'build']);
} else if (olderThan(serverBundle, ['src/server', 'src/domain'])) {
  console.log('Building the server…');
  run([join(root, 'node_modules/.bin/tsx'), 'scripts/build-server.ts']);
}

if (process.env.NODE_ENV === undefined) {
  // The zero-configuration run (`npm install && npm start`): the production build with simulated payments,
  // which the server says loudly at start-up. A deployment that sets NODE_ENV=production itself must choose
  // BILLING_PROVIDER (stripe, or mock on purpose): config.ts refuses to guess.
  process.env.NODE_ENV = 'production';
  process.env.BILLING_PROVIDER ??= 'mock';
}
await import(pathToFileURL(serverBundle).href);
