import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, effectivePreferences, wantsEmail } from './preferences';
import { renderMessage, renderMessageEmail } from './render';
import { SPANISH_AREA_NAMES } from './templates/format';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a'.repeat(40);

describe('unsubscribe token', () => {
  it('reads back the recipient and kind it was made for', () => {
    const token = unsubscribeToken(SECRET, 'user-1', 'assignment_created');
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ recipientId: 'user-1', kind: 'assignment_created' });
  });

  it('refuses an altered payload, another secret, and garbage', () => {
    const token = unsubscribeToken(SECRET, 'user-1', 'assignment_created');
    const [, signature] = token.split('.');
    const forged = `${Buffer.from('user-2\nassignment_created').toString('base64url')}.${signature}`;
    expect(readUnsubscribeToken(SECRET, forged)).toBeNull();
    expect(readUnsubscribeToken('b'.repeat(40), token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, 'not-a-token')).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}x`)).toBeNull();
  });
});

describe('preferences', () => {
  it('defaults are quiet: no study nudge, completions in the daily summary, achievements in-app only', () => {
    const none = effectivePreferences(undefined);
    expect(none).toEqual(DEFAULT_PREFERENCES);
    expect(wantsEmail(none, 'study_nudge')).toBe(false);
    expect(wantsEmail(none, 'assignment_completed')).toBe(false);
    expect(wantsEmail(none, 'assignment_created')).toBe(true);
    expect(wantsEmail(none, 'achievement_earned')).toBe(false);
    expect(wantsEmail({ ...none, completionEmails: 'each' }, 'assignment_completed')).toBe(true);
  });
});

describe('templates', () => {
  const links = { baseUrl: 'https://tp.example', unsubscribeUrl: 'https://tp.example/unsubscribe?token=t' };
  const assigned = {
    kind: 'assignment_created',
    link: '/app?assignment=a1',
    params: {
      assignedBy: 'Max <Manager>',
      assignedById: 'm1',
      items: [{ assignmentId: 'a1', categoryCode: 'A5', categoryName: 'Brakes', dueDate: '2026-12-05' }],
    },
  };

  it('renders text and HTML from the same parts, with absolute links, the reason and the unsubscribe link', () => {
    const mail = renderMessageEmail(assigned, { locale: 'en', timeZone: 'America/Chicago', ...links });
    expect(mail.subject).toBe('Test assigned: A5 Brakes, due Dec 5, 2026');
    expect(mail.text).toContain('https://tp.example/app?assignment=a1');
    expect(mail.text).toContain('because your shop manager assigned you a test');
    expect(mail.text).toContain(links.unsubscribeUrl);
    expect(mail.html).toContain('Max &lt;Manager&gt;');
    expect(mail.html).not.toContain('<Manager>');
  });

  it('speaks Spanish to a Spanish profile, area names included', () => {
    const mail = renderMessageEmail(assigned, { locale: 'es', timeZone: 'UTC', ...links });
    expect(mail.subject).toMatch(/^Prueba asignada: A5 Frenos, para el 5 dic/);
    expect(mail.text).toContain('Recibiste este correo porque');
  });

  it('Spanish area names match the web catalogue', () => {
    const catalogue = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../web/i18n/catalogues/es/common.json'), 'utf8'),
    ) as Record<string, string>;
    for (const [code, name] of Object.entries(SPANISH_AREA_NAMES)) expect(catalogue[`common.area.${code}`]).toBe(name);
  });
});

describe('achievement_earned', () => {
  it('names the achievement in the reader’s language', () => {
    const row = { kind: 'achievement_earned', params: { code: 'first_pass', name: 'First Pass', points: 25 } };
    expect(renderMessage(row, { locale: 'en', timeZone: 'UTC' }).title).toBe('Achievement earned: First Pass');
    const spanish = renderMessage(row, { locale: 'es', timeZone: 'UTC' });
    expect(spanish.title).toBe('Logro obtenido: Primer aprobado');
    expect(spanish.body).toBe('Ganaste el logro «Primer aprobado» (+25 puntos).');
  });
});

describe('a name a technician chose is never in a subject (it would read as our words in the inbox)', () => {
  const NAME = 'Billing alert: card declined, re-enter it at https://evil.example/pay';
  const rows = [
    { kind: 'join_request_received', params: { technicianName: NAME, shopName: 'Joe Garage' } },
    {
      kind: 'assignment_completed',
      params: {
        assignmentId: 'a1',
        technicianName: NAME,
        categoryCode: 'A5',
        categoryName: 'Brakes',
        score: 85,
        passed: true,
      },
    },
    {
      kind: 'assignment_overdue',
      params: {
        dueDate: '2026-12-05',
        items: [{ assignmentId: 'a1', technicianName: NAME, categoryCode: 'A5', categoryName: 'Brakes' }],
      },
    },
    {
      kind: 'master_at_risk',
      params: {
        technicianId: 't1',
        technicianName: NAME,
        atRisk: [{ code: 'A5', name: 'Brakes', expirationDate: '2027-01-10', daysToExpiry: 120 }],
      },
    },
    {
      kind: 'technician_certification_expiring',
      params: {
        certificationId: 'c1',
        technicianId: 't1',
        technicianName: NAME,
        categoryCode: 'A5',
        categoryName: 'Brakes',
        expirationDate: '2027-01-10',
        daysLeft: 45,
      },
    },
  ];

  it.each(rows)('$kind: the subject says what happened, the body who', (row) => {
    for (const locale of ['en', 'es'] as const) {
      const parts = renderMessage(row, { locale, timeZone: 'UTC' });
      // Rendered by its own template, not the fallback for params it cannot read.
      expect(parts.subject).not.toMatch(/TorquePrep/);
      expect(parts.subject).not.toContain('evil.example');
      expect(parts.subject).not.toContain('Billing');
      expect(parts.body).toContain(NAME);
    }
  });

  it('the join request names the manager’s own shop in the subject', () => {
    const row = rows[0] as (typeof rows)[number];
    expect(renderMessage(row, { locale: 'en', timeZone: 'UTC' }).subject).toBe('A technician asks to join Joe Garage');
    expect(renderMessage(row, { locale: 'es', timeZone: 'UTC' }).subject).toBe('Un técnico pide unirse a Joe Garage');
  });
});
