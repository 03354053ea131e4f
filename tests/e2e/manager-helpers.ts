import { expect } from 'vitest';
import { validPayment } from '../fixtures/billing';
import { type Session, uniqueEmail } from './browser';

/**
 * A manager whose shop is on its trial, set up through the API (not the UI) in `session`; returns the shop code.
 * The code is drawn at random, so a second try covers the rare one another test already took.
 */
export async function managerOnTrial(
  session: Session,
  { fullName = 'Mona Manager', shopName = 'Mona Motors', emailPrefix = 'e2e.manager' } = {},
): Promise<string> {
  let code = '';
  for (let attempt = 0; attempt < 5 && !code; attempt++) {
    const candidate = `SHOP${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '7')}`;
    const sign = await session.api.post('/api/v1/auth/sign-up', {
      data: {
        email: uniqueEmail(emailPrefix),
        password: 'Rotor-gauge-42',
        fullName,
        role: 'manager',
        shopCode: candidate,
      },
    });
    if (sign.status() === 201) code = candidate;
  }
  const shop = await session.api.post('/api/v1/shops', { data: { name: shopName, type: 'independent' } });
  expect(shop.status()).toBe(201);
  const { plans } = await (await session.context.request.get('/api/v1/shop/plans')).json();
  const subscribed = await session.api.post('/api/v1/shop/subscription', {
    data: { planId: plans[0].id, payment: validPayment },
  });
  expect(subscribed.status()).toBe(201);
  return (await shop.json()).shop.shopCode as string;
}
