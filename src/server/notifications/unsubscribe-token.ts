import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_NOTIFICATION_KINDS } from '../../domain/contracts/notifications';

type EmailKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/** Its own key from the server secret, so an unsubscribe signature can never pass for a session's or another's. */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('torqueprep notification unsubscribe v1').digest();
}

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(payload).digest();
}

/**
 * The one-click unsubscribe token of an e-mail (RFC 8058): who and which kind, signed with the server secret.
 * It does not expire: a link in an old e-mail must still stop that kind of e-mail.
 */
export function unsubscribeToken(secret: string, recipientId: string, kind: EmailKind): string {
  const payload = `${recipientId}\n${kind}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(secret, payload).toString('base64url')}`;
}

/** The recipient and kind of a token this server signed; null for a forged, altered or malformed one. */
export function readUnsubscribeToken(secret: string, token: string): { recipientId: string; kind: EmailKind } | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1] as string, 'base64url').toString('utf8');
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [recipientId, kind, ...rest] = payload.split('\n');
  if (!recipientId || rest.length > 0 || !(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')) {
    return null;
  }
  return { recipientId, kind: kind as EmailKind };
}
