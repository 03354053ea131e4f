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

process.env.NODE_ENV ??= 'production';
await import('../src/server/main');
