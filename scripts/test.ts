/**
 * `npm test`: unit, integration and e2e projects in one Vitest run, then a one-line summary
 * ("Tests: N passed, N failed") so CI logs show that tests ran. The e2e project needs a Chromium:
 * found (or installed, see find-chromium.ts) before anything runs; without one, the other projects run
 * and the run fails with the one command that fixes it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureChromium, INSTALL_COMMAND } from './find-chromium';

const root = resolve(import.meta.dirname, '..');
const report = join(root, 'test-results/vitest.json');
mkdirSync(join(root, 'test-results'), { recursive: true });
rmSync(report, { force: true });

// cluster: the HAProxy cluster test (tests/cluster/cluster.test.ts), run on the PostgreSQL pass only (it skips itself on PGlite).
const ALL_PROJECTS = ['unit', 'integration', 'e2e', 'cluster'];
const args = process.argv.slice(2);
// `--project x` pairs pick projects (all by default); the other arguments go to Vitest as they are.
const picked = args.flatMap((arg, i) => (args[i - 1] === '--project' ? [arg] : []));
const rest = args.filter((arg, i) => arg !== '--project' && args[i - 1] !== '--project');
const projects = picked.length > 0 ? picked : ALL_PROJECTS;
const chromium = projects.includes('e2e') ? ensureChromium() : null;
const runnable = chromium ? projects : projects.filter((p) => p !== 'e2e');

const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
const run =
  runnable.length > 0
    ? spawnSync('npx', [...vitestArgs, ...runnable.flatMap((p) => ['--project', p]), ...rest], {
        cwd: root,
        stdio: 'inherit',
        env: chromium ? { ...process.env, CHROMIUM_PATH: chromium } : process.env,
      })
    : { status: 0 };

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
if (projects.includes('e2e') && !chromium) {
  console.log(
    `\nEnd-to-end tests not run: no Chromium found. Install it with: ${INSTALL_COMMAND} (or set CHROMIUM_PATH)`,
  );
  process.exit(1);
}
process.exit(run.status ?? 1);
