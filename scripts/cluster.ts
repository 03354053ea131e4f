/**
 * `npm run cluster`: HAProxy on PORT (3000) in front of CLUSTER_INSTANCES (2) app instances on loopback
 * ports, on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). SIGTERM/SIGINT drain the instances, then stop
 * HAProxy; SIGHUP restarts the instances one at a time (an upgrade: build, then `kill -HUP <pid>`).
 * README "Production", ADR 0044.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Cluster, root } from './cluster-supervisor';

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!process.env.DATABASE_URL) {
  refuse(
    'npm run cluster needs DATABASE_URL (PostgreSQL): the embedded PGlite database lives inside one process, ' +
      'so several instances cannot share it.',
  );
}
if (!process.env.REDIS_URL) {
  refuse(
    'npm run cluster needs REDIS_URL: without a shared Redis each instance counts rate limits on its own and ' +
      'a sign-out on one instance reaches the others only after their session cache expires (ADR 0011).',
  );
}
if (!process.env.BETTER_AUTH_SECRET) {
  refuse(
    'npm run cluster needs BETTER_AUTH_SECRET (32+ characters, the same for every instance): sessions signed ' +
      'by one instance must be accepted by the others. Make one with: openssl rand -hex 32',
  );
}
const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) refuse('CLUSTER_INSTANCES must be 1 to 16');
const publicPort = Number(process.env.PORT ?? 3000);

if (!existsSync(join(root, 'dist/client/home.html'))) {
  console.log('Building the client…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env: NodeJS.ProcessEnv = { ...process.env };
if (env.NODE_ENV === undefined) {
  // As `npm start`: production, with simulated payments unless BILLING_PROVIDER says otherwise.
  env.NODE_ENV = 'production';
  env.BILLING_PROVIDER ??= 'mock';
}
env.BASE_URL ??= `http://localhost:${publicPort}`;
// The public port is HAProxy's; each instance gets its own PORT from the supervisor.
delete env.PORT;

const cluster = new Cluster({
  instances,
  publicPort,
  bind: process.env.CLUSTER_BIND ?? '0.0.0.0',
  env,
  output: 'inherit',
  log: (line) => console.log(`[cluster] ${line}`),
});

let busy: Promise<unknown> = Promise.resolve();
const stop = (signal: string) => {
  console.log(`[cluster] ${signal}: draining the instances, then stopping HAProxy`);
  busy = busy.then(() => cluster.stop()).then(() => process.exit(0));
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => {
  console.log('[cluster] SIGHUP: restarting the instances one at a time');
  busy = busy.then(() =>
    cluster.rollingRestart().then(
      () => console.log('[cluster] rolling restart done'),
      (error) => console.error('[cluster] rolling restart failed:', error),
    ),
  );
});

try {
  await cluster.start();
} catch (error) {
  console.error(`[cluster] ${(error as Error).message}`);
  await cluster.stop();
  process.exit(1);
}
console.log(
  `[cluster] TorquePrep is served through HAProxy on ${env.BASE_URL} by ${instances} instances ` +
    `(ports ${cluster.instances.map((i) => i.port).join(', ')}); pid ${process.pid}: SIGHUP restarts them one at a time.`,
);
