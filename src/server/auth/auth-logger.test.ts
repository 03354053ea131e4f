import { describe, expect, it } from 'vitest';
import { authLogger } from './auth';

function captured() {
  const lines: { level: string; message: string }[] = [];
  const logger = authLogger('info', (level, message) => lines.push({ level, message }));
  if (!('log' in logger) || !logger.log) throw new Error('no sink');
  return { log: logger.log, lines };
}

describe('authLogger', () => {
  it("logs better-auth's refusal of a client's origin as a warning, not an error, and cut short", () => {
    const { log, lines } = captured();
    log('error', `Invalid origin: http://evil.example/${'x'.repeat(500)}`);
    log('error', 'Invalid callbackURL: https://evil.example');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn']);
    expect(lines[0]!.message.length).toBe(200);
  });

  it('keeps its own errors at error level, with e-mails masked', () => {
    const { log, lines } = captured();
    log('error', 'Failed to create session for pat@example.com');
    expect(lines).toEqual([{ level: 'error', message: 'Failed to create session for [e-mail]' }]);
  });
});
