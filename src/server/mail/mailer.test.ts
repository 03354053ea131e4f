import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('createMailer without SMTP_URL', () => {
  it('logs the link instead of sending, and says it is the log kind', async () => {
    const lines: { object: object; message: string }[] = [];
    const mailer = createMailer({ from: 'x@y.z', log: { info: (object, message) => lines.push({ object, message }) } });
    expect(mailer.kind).toBe('log');
    await mailer.send({
      to: 'a@b.co',
      subject: 'Reset',
      text: 'hi',
      link: 'http://localhost:3000/reset-password?token=t',
    });
    expect(lines).toEqual([
      {
        message: 'mail not sent (no SMTP_URL)',
        object: { to: 'a@b.co', subject: 'Reset', link: 'http://localhost:3000/reset-password?token=t' },
      },
    ]);
  });
});
