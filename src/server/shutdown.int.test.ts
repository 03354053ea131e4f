import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real server in a child process (embedded database in a temporary folder) gets SIGTERM while
 * a request is in flight. Readiness turns 503 at once, new connections are refused once the readiness delay
 * is over, the request in flight still completes with 200, and the process exits 0. Its log lines carry the
 * balancer's request id.
 */
const root = resolve(import.meta.dirname, '../..');
const READINESS_DELAY_MS = 2500;
const BALANCER_ID = 'haproxy-req-4f2a.1';

let child: ChildProcess;
let port: number;
let dataDir: string;
let log = '';

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

/** One request on a connection of its own (no keep-alive pool): status, or the connection error's code. */
function fetchFresh(path: string, headers: Record<string, string> = {}): Promise<number | string> {
  return new Promise((done) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    req.end();
  });
}

async function until<T>(what: string, probe: () => Promise<T>, accept: (value: T) => boolean, ms = 60_000) {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() - started > ms) throw new Error(`${what}: still ${String(value)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = () =>
  new Promise<number | null>((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', (code) => done(code));
  });

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'torqueprep-shutdown-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // Node itself with tsx's loader, so the signal and the exit code are the server's own.
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_READINESS_DELAY_MS: String(READINESS_DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: '20000',
      BILLING_JOB_INTERVAL_MS: '0',
      DIFFICULTY_STATS_INTERVAL_MS: '0',
    },
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  await until(
    'server start',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
      return fetchFresh('/api/ready');
    },
    (status) => status === 200,
    120_000,
  );
});
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('finishes the request in flight, says 503 while draining, then refuses connections and exits 0', async () => {
    const questions = await new Promise<{ questions: Array<{ id: string }> }>((done, fail) => {
      httpRequest({ host: '127.0.0.1', port, path: '/api/v1/free-test', agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => done(JSON.parse(body)));
      })
        .on('error', fail)
        .end();
    });

    // A request in flight: its headers and half its body sent, the rest only after SIGTERM.
    const body = JSON.stringify({ questionId: questions.questions[0]!.id, answer: 'A' });
    const inFlight = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/free-test/check',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        origin: `http://127.0.0.1:${port}`,
        'x-request-id': BALANCER_ID,
        // As a balancer would: the connection is meant to be reused, so the server must close it itself.
        connection: 'keep-alive',
      },
    });
    const answered = new Promise<IncomingMessage>((done, fail) => {
      inFlight.on('response', done);
      inFlight.on('error', fail);
    });
    inFlight.flushHeaders();
    inFlight.write(body.slice(0, 10));
    await until(
      'request received',
      async () => log,
      (text) => text.includes(BALANCER_ID),
      10_000,
    );

    const exit = exited();
    child.kill('SIGTERM');
    // Readiness says 503 from the moment shutdown begins, while the listener still takes connections…
    expect(
      await until(
        'readiness 503',
        () => fetchFresh('/api/ready'),
        (status) => status !== 200,
        2000,
      ),
    ).toBe(503);
    expect(await fetchFresh('/api/health')).toBe(200);
    // …then new connections are refused, with the request still in flight.
    await until(
      'connection refused',
      () => fetchFresh('/api/health'),
      (status) => status === 'ECONNREFUSED',
      10_000,
    );
    expect(child.exitCode).toBeNull();

    inFlight.end(body.slice(10));
    const response = await answered;
    let text = '';
    response.on('data', (chunk) => {
      text += chunk;
    });
    await new Promise((done) => response.on('end', done));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(BALANCER_ID);
    expect(JSON.parse(text).questionId).toBe(questions.questions[0]!.id);

    expect(await exit).toBe(0);
    // The request's log lines carry the balancer's id.
    const lines = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(lines.filter((line) => line.reqId === BALANCER_ID).map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });
});
