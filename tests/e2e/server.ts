import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`e2e server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('e2e server did not become ready');
}

/** A fresh folder for a test server's embedded database (removed when that server stops). */
export function e2eDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'torqueprep-e2e-'));
}

/**
 * The real server (built client included) on a free port and a fresh embedded database, or on
 * `dataDir` when a test has prepared one. `stop()` ends the whole process group: tsx runs the
 * server in a child process.
 */
export async function startTestServer(
  extraEnv: Record<string, string> = {},
  dataDir = e2eDataDir(),
): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  delete env.DATABASE_URL; // e2e always runs on a fresh PGlite
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      PAYMENT_MOCK_DELAY_MS: '0',
      ...extraEnv,
    },
  });
  await waitForReady(url, child);
  return { url, stop: () => stopServer(child, dataDir) };
}

/**
 * Ends the server's process group and removes its database folder once the server has exited:
 * PGlite writes files while it shuts down, and removing the folder under it fails with
 * ENOTEMPTY. npx exits after the server it runs; a group still there after 10 s is killed.
 */
async function stopServer(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.pid && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // already gone
      }
    };
    signalGroup('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const stillRunning = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(true), 10_000);
      }),
    ]);
    clearTimeout(timer);
    if (stillRunning) {
      signalGroup('SIGKILL');
      await exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
