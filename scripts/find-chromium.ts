/**
 * Finds a Chromium for the e2e tests: `CHROMIUM_PATH`, then the usual Debian and distribution paths.
 * When none is there and we run as root with apt (CI, a fresh container), installs Debian's `chromium`.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
/** How every tool here launches it: headless, sandbox off (containers), no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return executable(configured) ? configured : null;
  return CANDIDATES.find(executable) ?? null;
}

const hasApt = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** A Chromium path, installing Debian's package first when possible; null when there is none. */
export function ensureChromium(): string | null {
  const found = findChromium();
  if (found || process.env.CHROMIUM_PATH) return found;
  if (process.getuid?.() !== 0 || !hasApt()) return null;
  console.log('No Chromium found: installing Debian’s chromium package for the end-to-end tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  const install =
    update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env }) : update;
  return install.status === 0 ? findChromium() : null;
}
