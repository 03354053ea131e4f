/**
 * `npm test`: unit, integration and e2e projects in one Vitest run, then a one-line summary
 * ("Tests: N passed, N failed") so CI logs show that tests ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const report = join(root, 'test-results/vitest.json');
mkdirSync(join(root, 'test-results'), { recursive: true });

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  console.log(
    `\nTests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped` +
      (process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'),
  );
}
process.exit(run.status ?? 1);
