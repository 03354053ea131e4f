import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { MOCK_TEST_CARDS } from '../../../domain/billing';
import { formatCardNumber } from './card-format';

/** Each test card with what it does (the README's list), literal keys for the catalogue test. */
const CARDS = [
  [MOCK_TEST_CARDS.approved, 'billing.payment.mock.approved'],
  [MOCK_TEST_CARDS.declined, 'billing.payment.mock.declined'],
  [MOCK_TEST_CARDS.chargeFails, 'billing.payment.mock.chargeFails'],
] as const;

const cardNumber = (digits: string): ReactNode => (
  <span className="font-mono font-semibold whitespace-nowrap">{formatCardNumber(digits)}</span>
);

/**
 * With `BILLING_PROVIDER=mock` (the default without configuration) nothing is charged: the card form says so
 * and names the test cards, so a tester knows what a decline means and which card gets past it.
 */
export function MockPaymentNotice() {
  return (
    <div
      role="note"
      aria-labelledby="mock-payments-title"
      className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300"
    >
      <p id="mock-payments-title" className="flex items-start gap-2 font-semibold">
        <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <FormattedMessage id="billing.payment.mock.title" />
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {CARDS.map(([digits, id]) => (
          <li key={digits}>
            <FormattedMessage id={id} values={{ card: cardNumber(digits) }} />
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <FormattedMessage id="billing.payment.mock.anyDetails" />
      </p>
    </div>
  );
}
