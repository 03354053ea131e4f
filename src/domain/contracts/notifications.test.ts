import { describe, expect, it } from 'vitest';
import { updateNotificationPreferencesSchema } from './notifications';

describe('notification preferences change', () => {
  it('takes one e-mail kind alone, as a profile switch sends it', () => {
    expect(updateNotificationPreferencesSchema.safeParse({ email: { assignment_created: false } }).success).toBe(true);
    expect(updateNotificationPreferencesSchema.safeParse({ digestDay: 3 }).success).toBe(true);
  });

  it('refuses kinds that do not exist, in-app-only kinds and unknown fields', () => {
    expect(updateNotificationPreferencesSchema.safeParse({ email: { nope: true } }).success).toBe(false);
    expect(updateNotificationPreferencesSchema.safeParse({ email: { achievement_earned: true } }).success).toBe(false);
    expect(updateNotificationPreferencesSchema.safeParse({ email: { assignment_created: 'yes' } }).success).toBe(false);
    expect(updateNotificationPreferencesSchema.safeParse({ digestDay: 7 }).success).toBe(false);
    expect(updateNotificationPreferencesSchema.safeParse({ sms: true }).success).toBe(false);
  });
});
