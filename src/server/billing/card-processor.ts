import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { cardBrand, MOCK_TEST_CARDS } from '../../domain/billing';
import type { PaymentDetails } from '../../domain/contracts/billing';

/** What is kept of a card: an opaque payment method id, the brand and the last 4 digits. Never the number or CVV. */
export interface StoredCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
}

export type ChargeResult = { ok: true; chargeId: string } | { ok: false; reason: string };

/** The shop plans' card payments (a mock; ADR 0005). */
export interface CardProcessor {
  /** Turns the payment form into a stored payment method; throws CardDeclinedError when it is refused. */
  savePaymentMethod(card: PaymentDetails): Promise<StoredCard>;
  /** Charges a stored payment method; the idempotency key makes a retried charge a no-op at a real processor. */
  charge(input: { paymentMethodId: string; amountCents: number; idempotencyKey: string }): Promise<ChargeResult>;
}

export class CardDeclinedError extends Error {
  override name = 'CardDeclinedError';
}

/**
 * Test cards, after Stripe's: 4000 0000 0000 0002 is declined when entered; 4000 0000 0000 0341 is
 * accepted but every later charge on it fails (to reach past_due). Every other valid card works. In the
 * domain, since the payment page names them too.
 */
export const MOCK_DECLINED_CARD = MOCK_TEST_CARDS.declined;
export const MOCK_CHARGE_FAILS_CARD = MOCK_TEST_CARDS.chargeFails;
const CHARGE_FAILS_PREFIX = 'pm_mock_chargefail_';

export function mockCardProcessor(options: { delayMs: number }): CardProcessor {
  return {
    async savePaymentMethod(card) {
      // The mock waits (1.5 s by default) like a real processor would.
      if (options.delayMs > 0) await sleep(options.delayMs);
      if (card.cardNumber === MOCK_DECLINED_CARD) throw new CardDeclinedError('Your card was declined.');
      const prefix = card.cardNumber === MOCK_CHARGE_FAILS_CARD ? CHARGE_FAILS_PREFIX : 'pm_mock_';
      return {
        paymentMethodId: `${prefix}${randomBytes(12).toString('hex')}`,
        brand: cardBrand(card.cardNumber),
        last4: card.cardNumber.slice(-4),
      };
    },
    async charge({ paymentMethodId, idempotencyKey }) {
      if (paymentMethodId.startsWith(CHARGE_FAILS_PREFIX)) return { ok: false, reason: 'Your card was declined.' };
      return { ok: true, chargeId: `ch_mock_${idempotencyKey}` };
    },
  };
}
