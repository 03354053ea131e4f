import { describe, expect, it } from 'vitest';
import { gateStep, isShopEntitled } from './gate';

describe('gateStep order', () => {
  const base = { experienceLevel: null, shopId: null, subscriptionStatus: null } as const;
  it('sends a user with no role to the setting-up screen', () => {
    expect(gateStep({ ...base, role: null })).toBe('setting-up');
  });
  it('sends a technician without an experience level to the survey, then to the dashboard', () => {
    expect(gateStep({ ...base, role: 'tech' })).toBe('experience-survey');
    expect(gateStep({ ...base, role: 'tech', experienceLevel: '1_to_2' })).toBe('tech-dashboard');
  });
  it('takes a new manager through shop setup, then plan choice, without the padlock', () => {
    expect(gateStep({ ...base, role: 'manager' })).toBe('shop-setup');
    expect(gateStep({ ...base, role: 'manager', shopId: 's1' })).toBe('choose-plan');
  });
  it('blocks a manager whose subscription lapsed or was cancelled (neither active nor trial)', () => {
    for (const status of ['cancelled', 'past_due'] as const) {
      expect(gateStep({ ...base, role: 'manager', shopId: 's1', subscriptionStatus: status })).toBe(
        'subscription-required',
      );
    }
  });
  it('lets a manager with a trial or active shop through', () => {
    expect(gateStep({ ...base, role: 'manager', shopId: 's1', subscriptionStatus: 'trial' })).toBe('manager-dashboard');
    expect(gateStep({ ...base, role: 'manager', shopId: 's1', subscriptionStatus: 'active' })).toBe(
      'manager-dashboard',
    );
  });
  it('entitles only trial and active', () => {
    expect(['trial', 'active', 'past_due', 'cancelled'].map((s) => isShopEntitled(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
