import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestServer } from './server';

const root = resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the client and starts the real server on a fresh embedded database for this run. */
export default async function setup(project: TestProject) {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('client build failed');

  const server = await startTestServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
