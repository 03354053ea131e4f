import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The session-signing secret: BETTER_AUTH_SECRET when set, otherwise one generated on first
 * start and kept in the data folder, so `npm start` needs no configuration.
 */
export function resolveAuthSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  const file = resolve(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
