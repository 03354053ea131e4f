import { describe, expect, it } from 'vitest';
import { isAllowed } from './gate';

describe('subscription gate paths', () => {
  it('lets a manager at the subscription gate open only the screens that fix it', () => {
    for (const path of [
      '/manager/subscription-required',
      '/manager/shop-setup',
      '/manager/plans',
      '/manager/payment',
      '/manager/profile',
    ]) {
      expect(isAllowed('subscription-required', path)).toBe(true);
    }
    for (const path of ['/manager', '/manager/subscription', '/app']) {
      expect(isAllowed('subscription-required', path)).toBe(false);
    }
  });
  it('takes a new manager straight into shop setup, then plans and payment, never the padlock', () => {
    expect(isAllowed('shop-setup', '/manager/shop-setup')).toBe(true);
    expect(isAllowed('shop-setup', '/manager/profile')).toBe(true);
    for (const path of ['/manager/subscription-required', '/manager/plans', '/manager', '/app']) {
      expect(isAllowed('shop-setup', path)).toBe(false);
    }
    for (const path of ['/manager/plans', '/manager/payment', '/manager/profile']) {
      expect(isAllowed('choose-plan', path)).toBe(true);
    }
    for (const path of ['/manager/subscription-required', '/manager/shop-setup', '/manager']) {
      expect(isAllowed('choose-plan', path)).toBe(false);
    }
  });
  it('keeps an entitled manager out of the subscription-required screen', () => {
    expect(isAllowed('manager-dashboard', '/manager/subscription')).toBe(true);
    expect(isAllowed('manager-dashboard', '/manager/subscription-required')).toBe(false);
  });
});
