import { describe, expect, it } from 'vitest';
import { EMAIL_NOTIFICATION_KINDS, NOTIFICATION_KINDS } from '../../../domain/contracts/notifications';
import { emailSwitches, KINDS_BY_ROLE, kindsOfSwitch } from './kinds';

describe('kinds by role', () => {
  it('gives every kind to exactly one role', () => {
    const all = [...KINDS_BY_ROLE.tech, ...KINDS_BY_ROLE.manager];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('lists no achievement switch (in-app only) and only the role’s own kinds', () => {
    expect(emailSwitches('tech')).toEqual([
      'assignment_created',
      'assignment_due_tomorrow',
      'shop_request_decided',
      'certification_expiring',
      'subscription_problem',
      'study_nudge',
    ]);
    expect(emailSwitches('manager')).not.toContain('assignment_created');
    expect(emailSwitches('manager')).toContain('weekly_digest');
    expect(emailSwitches(null)).toEqual([]);
  });

  it('has one switch for completed tests, one by one or in the daily summary', () => {
    expect(emailSwitches('manager')).not.toContain('assignment_daily_summary');
    expect(kindsOfSwitch('assignment_completed')).toEqual(['assignment_completed', 'assignment_daily_summary']);
    expect(kindsOfSwitch('weekly_digest')).toEqual(['weekly_digest']);
  });

  it('writes only kinds the server takes by e-mail', () => {
    for (const role of ['tech', 'manager'] as const) {
      for (const kind of emailSwitches(role).flatMap(kindsOfSwitch)) expect(EMAIL_NOTIFICATION_KINDS).toContain(kind);
    }
  });
});
