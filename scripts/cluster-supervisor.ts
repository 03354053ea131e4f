/**
 * The cluster's supervisor (ADR 0044): N app instances on loopback ports behind one HAProxy,
 * started, drained, restarted one at a time, or killed. `npm run cluster` (scripts/cluster.ts) drives it
 * from signals; the cluster test (tests/cluster) and the benchmark (bench/cluster.ts) drive it directly.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
const HAPROXY = '/usr/sbin/haproxy';
const SERVERS_MARKER = '# @SERVERS@';

/** HAProxy's health-check interval; instances wait longer than interval × fall (2) before closing. */
export const CHECK_INTER_MS = 500;
const RISE = 2;

export interface ClusterOptions {
  instances: number;
  publicPort: number;
  /** Where HAProxy listens (0.0.0.0 in production, 127.0.0.1 in tests). */
  bind: string;
  /** The instances' environment (DATABASE_URL, REDIS_URL, secrets…); PORT, HOST and TRUST_PROXY are set here. */
  env: NodeJS.ProcessEnv;
  /** The instances' internal ports; free loopback ports when not given. */
  instancePorts?: number[];
  /** Where the instances' and HAProxy's logs go: this process' output, or nowhere (tests). */
  output: 'inherit' | 'ignore';
  log?: (line: string) => void;
}

interface Instance {
  index: number;
  port: number;
  child?: ChildProcess;
  exited?: Promise<number | null>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** HAProxy's path, installing Debian's `haproxy` first when it is missing and we may (as find-chromium.ts). */
export function ensureHaproxy(): string | null {
  if (executable(HAPROXY)) return HAPROXY;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (process.getuid?.() !== 0 || !hasApt) return null;
  console.log('No HAProxy found: installing Debian’s haproxy package (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  const install =
    update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'ignore', env }) : update;
  return install.status === 0 && executable(HAPROXY) ? HAPROXY : null;
}
export const HAPROXY_INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y haproxy';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Whether `url` answers 200 within a second. */
async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

export class Cluster {
  readonly instances: Instance[] = [];
  readonly origin: string;
  private haproxy?: ChildProcess;
  private haproxyExited?: Promise<number | null>;
  private readonly configDir = mkdtempSync(join(tmpdir(), 'tp-cluster-'));
  private stopping = false;

  constructor(private readonly options: ClusterOptions) {
    this.origin = `http://127.0.0.1:${options.publicPort}`;
  }

  /** The instances' environment for their next start (the cluster test turns seeding off for restarts). */
  get instanceEnv(): NodeJS.ProcessEnv {
    return this.options.env;
  }

  private log(line: string) {
    (this.options.log ?? console.log)(line);
  }

  /** Starts every instance at once (they race for the migrations: ADR 0041), then HAProxy in front. */
  async start(): Promise<void> {
    const ports =
      this.options.instancePorts ?? (await Promise.all(Array.from({ length: this.options.instances }, freePort)));
    for (let i = 0; i < this.options.instances; i++) {
      const port = ports[i];
      if (port === undefined) throw new Error(`${ports.length} instance ports for ${this.options.instances} instances`);
      this.instances.push({ index: i + 1, port });
    }
    await Promise.all(this.instances.map((instance) => this.startInstance(instance.index)));
    await this.startHaproxy();
  }

  private instance(index: number): Instance {
    const instance = this.instances.find((i) => i.index === index);
    if (!instance) throw new Error(`No instance ${index}`);
    return instance;
  }

  /** Starts instance `index` (again) and resolves once its readiness answers 200 and HAProxy counted it up. */
  async startInstance(index: number, timeoutMs = 120_000): Promise<void> {
    const instance = this.instance(index);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      // Its own process group: a terminal's Ctrl-C reaches the supervisor only, which drains the instances.
      detached: true,
      stdio: ['ignore', this.options.output, this.options.output],
      env: {
        ...this.options.env,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        // The balancer is the only hop the instance believes about the client's address.
        TRUST_PROXY: '127.0.0.1',
        // Names its PostgreSQL connections (pg_stat_activity.application_name) after the instance.
        PGAPPNAME: `torqueprep-app${instance.index}`,
        // Readiness is 503 this long before the listener closes: longer than HAProxy needs to see it (fall 2).
        SHUTDOWN_READINESS_DELAY_MS: this.options.env.SHUTDOWN_READINESS_DELAY_MS ?? String(CHECK_INTER_MS * 3 + 500),
      },
    });
    instance.child = child;
    instance.exited = new Promise((done) => child.once('exit', (code) => done(code)));
    void instance.exited.then((code) => {
      if (!this.stopping && instance.child === child) this.log(`instance ${index} (pid ${child.pid}) exited: ${code}`);
    });
    const deadline = Date.now() + timeoutMs;
    let gone = false;
    void instance.exited.then(() => {
      gone = true;
    });
    while (!(await answers200(`http://127.0.0.1:${instance.port}/api/ready`))) {
      if (gone) throw new Error(`instance ${index} exited before it was ready`);
      if (Date.now() > deadline) throw new Error(`instance ${index} not ready after ${timeoutMs} ms`);
      await sleep(200);
    }
    // HAProxy marks a server up after `rise` passing checks.
    if (this.haproxy) await sleep(CHECK_INTER_MS * (RISE + 1));
  }

  private async startHaproxy(): Promise<void> {
    const haproxy = ensureHaproxy();
    if (!haproxy) throw new Error(`HAProxy is not installed. Install it with: ${HAPROXY_INSTALL_COMMAND}`);
    const template = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
    if (!template.includes(SERVERS_MARKER)) throw new Error(`deploy/haproxy.cfg has no "${SERVERS_MARKER}" line`);
    const servers = this.instances.map((i) => `    server app${i.index} 127.0.0.1:${i.port}`).join('\n');
    const config = join(this.configDir, 'haproxy.cfg');
    writeFileSync(config, template.replace(`    ${SERVERS_MARKER}`, servers));
    const env = {
      ...process.env,
      TP_BIND: this.options.bind,
      TP_PUBLIC_PORT: String(this.options.publicPort),
      TP_CHECK_INTER_MS: String(CHECK_INTER_MS),
    };
    const check = spawnSync(haproxy, ['-c', '-q', '-f', config], { env, encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stdout}${check.stderr}`);
    // -db: in the foreground, stopped by our signals.
    const child = spawn(haproxy, ['-db', '-f', config], {
      detached: true,
      stdio: ['ignore', this.options.output, this.options.output],
      env,
    });
    this.haproxy = child;
    this.haproxyExited = new Promise((done) => child.once('exit', (code) => done(code)));
    const deadline = Date.now() + 15_000;
    while (!(await answers200(`${this.origin}/api/ready`))) {
      if (Date.now() > deadline) throw new Error('HAProxy does not answer on its public port');
      await sleep(200);
    }
    await sleep(CHECK_INTER_MS * (RISE + 1));
  }

  /** Sends `signal` to instance `index` and resolves with its exit code. */
  async signal(index: number, signal: NodeJS.Signals): Promise<number | null> {
    const instance = this.instance(index);
    if (!instance.child?.pid || !instance.exited) return null;
    try {
      process.kill(instance.child.pid, signal);
    } catch {
      // Already gone.
    }
    return instance.exited;
  }

  /** Each instance in turn: drained (SIGTERM), restarted, ready and back in HAProxy's pool before the next. */
  async rollingRestart(): Promise<number[]> {
    const codes: number[] = [];
    for (const instance of this.instances) {
      this.log(`rolling restart: instance ${instance.index} draining`);
      codes.push((await this.signal(instance.index, 'SIGTERM')) ?? -1);
      await this.startInstance(instance.index);
      this.log(`rolling restart: instance ${instance.index} back`);
    }
    return codes;
  }

  /** Drains every instance at once (each exits when its requests are done), then stops HAProxy. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.instances.map((i) => this.signal(i.index, 'SIGTERM')));
    if (this.haproxy?.pid) {
      try {
        process.kill(this.haproxy.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await this.haproxyExited;
    }
    rmSync(this.configDir, { recursive: true, force: true });
  }
}
