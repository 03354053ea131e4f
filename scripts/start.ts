/**
 * `npm start`: builds the client when it is missing or older than its sources, then serves
 * everything on http://localhost:3000 with the embedded database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/client/home.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(builtIndex) ||
  statSync(builtIndex).mtimeMs < Math.max(newestMtime(join(root, 'src/web')), newestMtime(join(root, 'src/domain')));
if (stale) {
  console.log('Building the client…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.NODE_ENV === undefined) {
  // The zero-configuration run (`npm install && npm start`): the production build with simulated payments,
  // which the server says loudly at start-up. A deployment that sets NODE_ENV=production itself must choose
  // BILLING_PROVIDER (stripe, or mock on purpose): config.ts refuses to guess.
  process.env.NODE_ENV = 'production';
  process.env.BILLING_PROVIDER ??= 'mock';
}
await import('../src/server/main');
