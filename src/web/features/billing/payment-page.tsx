import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { addDays, tierLabel } from '../../../domain/billing';
import { TRIAL_DAYS } from '../../../domain/constants';
import {
  expiryYearOptions,
  type PaymentDetails,
  type PaymentDetailsInput,
  paymentDetailsSchema,
} from '../../../domain/contracts/billing';
import { US_STATES } from '../../../domain/us-states';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox, Field, Input, Select } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText, useMessage } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { usePlans, useStartSubscription } from './api';
import { formatCardNumber, formatCvv, formatZip } from './card-format';
import { MockPaymentNotice } from './mock-payment-notice';
import { useMoney, useTierText } from './money';
import { OnboardingShell } from './onboarding-shell';
import { StripeCheckoutStep } from './stripe-checkout-step';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** What the payment screen shows when the server refuses or fails, in the reader's language. */
function usePaymentError() {
  const intl = useIntl();
  const errorText = useErrorText();
  return (error: unknown): string => {
    if (error instanceof ApiError && error.code === 'PAYMENT_FAILED') return errorText(error);
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return intl.formatMessage({ id: 'billing.payment.failedCreate' }, { reason: errorText(error) });
    }
    return intl.formatMessage({ id: 'billing.payment.errorCreate' }, { reason: errorText(error) });
  };
}

/** After a failed submit, focus goes to the first field in error as the page reads, top to bottom. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  });
}

/** A registered field whose value is reformatted as it is typed or pasted (card-format.ts). */
function formatted(field: UseFormRegisterReturn, format: (value: string) => string): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    },
  };
}

/** Manager onboarding step 3: order summary and the (mock) card payment form. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const planId = params.get('plan');
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const paymentError = usePaymentError();
  const money = useMoney();
  const tierText = useTierText();
  const formRef = useRef<HTMLFormElement>(null);
  const plans = usePlans();
  const start = useStartSubscription();
  const navigate = useNavigate();
  const [years] = useState(() => expiryYearOptions(new Date()));
  const form = useForm<PaymentDetailsInput, unknown, PaymentDetails>({
    resolver: zodResolver(paymentDetailsSchema),
    // react-hook-form would focus the first field it registered (the card number); we focus the first on screen.
    shouldFocusError: false,
    defaultValues: {
      cardholderName: '',
      cardNumber: '',
      expMonth: '',
      expYear: '',
      cvv: '',
      address: '',
      city: '',
      state: '' as PaymentDetailsInput['state'],
      zip: '',
      acceptTerms: false as unknown as true,
    },
  });
  const { errors } = form.formState;
  const cardField = formatted(form.register('cardNumber'), formatCardNumber);
  const cvvField = formatted(form.register('cvv'), formatCvv);
  const zipField = formatted(form.register('zip'), formatZip);
  const plan = plans.data?.plans.find((p) => p.id === planId);

  if (plans.isPending) {
    return (
      <OnboardingShell step={2}>
        <Spinner label={t('billing.payment.loading')} />
      </OnboardingShell>
    );
  }
  if (!plan) {
    return (
      <OnboardingShell step={2}>
        <ErrorBox message={plans.error ? errorText(plans.error) : t('billing.payment.noPlan')} />
        <ButtonLink to="/manager/plans" className="mt-4">
          <FormattedMessage id="billing.plans.choose" />
        </ButtonLink>
      </OnboardingShell>
    );
  }

  const firstCharge = addDays(new Date(), TRIAL_DAYS);
  const firstChargeDate = intl.formatDate(firstCharge, { dateStyle: 'long' });
  const price = money.wholeDollars(plan.priceMonthlyCents);
  const summary = (
    <OrderSummary
      className="lg:order-2"
      planName={plan.name}
      price={price}
      tier={tierText(tierLabel(plan.maxTechnicians))}
      firstCharge={firstChargeDate}
    />
  );
  // With Stripe Billing (ADR 0033) the card is entered on Stripe's page, not in this form.
  if (plans.data?.provider === 'stripe') {
    return (
      <OnboardingShell step={2}>
        <StripeCheckoutStep planId={plan.id} summary={summary} />
      </OnboardingShell>
    );
  }
  const onSubmit = form.handleSubmit(
    (payment) =>
      start.mutate(
        { planId: plan.id, payment },
        // The dashboard confirms the trial with its end date.
        { onSuccess: () => navigate('/manager', { replace: true, state: { trialStarted: true } }) },
      ),
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <OnboardingShell step={2}>
      <h1 className="text-2xl font-bold sm:text-3xl">
        <FormattedMessage id="billing.payment.title" />
      </h1>
      {/* The summary comes first, so a phone shows what is bought before the card form; beside it from lg. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        {summary}
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          aria-label={t('billing.payment.details')}
          className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:order-1"
        >
          <ErrorBox message={start.error ? paymentError(start.error) : null} />
          {/* Below a decline, which the list then explains. Stripe's checkout has its own test mode banner. */}
          {plans.data?.provider === 'mock' && <MockPaymentNotice />}
          <Field label={<FormattedMessage id="billing.payment.cardholder" />} error={errors.cardholderName?.message}>
            {(a) => <Input autoComplete="cc-name" {...a} {...form.register('cardholderName')} />}
          </Field>
          <Field label={<FormattedMessage id="billing.payment.cardNumber" />} error={errors.cardNumber?.message}>
            {(a) => (
              <Input
                autoComplete="cc-number"
                inputMode="numeric"
                placeholder="1234 5678 9012 3456"
                {...a}
                {...cardField}
              />
            )}
          </Field>
          <fieldset aria-describedby={errors.expMonth ? 'expiry-error' : undefined}>
            <legend className="text-sm font-medium text-slate-800">
              <FormattedMessage id="billing.payment.expiry" />
            </legend>
            <div className="mt-1 grid grid-cols-2 gap-3">
              <label className="sr-only" htmlFor="exp-month">
                <FormattedMessage id="billing.payment.expMonth" />
              </label>
              <Select
                id="exp-month"
                autoComplete="cc-exp-month"
                aria-invalid={Boolean(errors.expMonth)}
                {...form.register('expMonth')}
              >
                <option value="">{t('billing.payment.month')}</option>
                {MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
              <label className="sr-only" htmlFor="exp-year">
                <FormattedMessage id="billing.payment.expYear" />
              </label>
              <Select
                id="exp-year"
                autoComplete="cc-exp-year"
                aria-invalid={Boolean(errors.expMonth)}
                {...form.register('expYear')}
              >
                <option value="">{t('billing.payment.year')}</option>
                {years.map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </Select>
            </div>
            <FieldMessage id="expiry-error" message={errors.expMonth?.message} />
          </fieldset>
          <Field label={<FormattedMessage id="billing.payment.cvv" />} error={errors.cvv?.message}>
            {(a) => (
              <Input
                autoComplete="cc-csc"
                inputMode="numeric"
                pattern="[0-9]*"
                className="max-w-32"
                {...a}
                {...cvvField}
              />
            )}
          </Field>
          <Field label={<FormattedMessage id="billing.payment.address" />} error={errors.address?.message}>
            {(a) => <Input autoComplete="street-address" {...a} {...form.register('address')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={<FormattedMessage id="billing.payment.city" />} error={errors.city?.message}>
              {(a) => <Input autoComplete="address-level2" {...a} {...form.register('city')} />}
            </Field>
            <Field label={<FormattedMessage id="billing.payment.state" />} error={errors.state?.message}>
              {(a) => (
                <Select autoComplete="address-level1" {...a} {...form.register('state')}>
                  <option value="">{t('billing.payment.chooseState')}</option>
                  {US_STATES.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={<FormattedMessage id="billing.payment.zip" />} error={errors.zip?.message}>
              {(a) => <Input autoComplete="postal-code" inputMode="numeric" {...a} {...zipField} />}
            </Field>
          </div>
          <div>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-6 w-6 shrink-0 accent-blue-700"
                aria-invalid={Boolean(errors.acceptTerms)}
                aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
                {...form.register('acceptTerms')}
              />
              <span>
                <FormattedMessage
                  id="billing.payment.terms"
                  values={{
                    link: (chunks) => (
                      // A new tab, so the card details typed so far stay where they are.
                      <Link
                        to="/terms"
                        target="_blank"
                        rel="noopener"
                        className="font-semibold text-blue-800 underline"
                      >
                        {chunks}
                      </Link>
                    ),
                  }}
                />
              </span>
            </label>
            <FieldMessage id="terms-error" message={errors.acceptTerms?.message} />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={start.isPending}>
            <Lock className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage id={start.isPending ? 'billing.payment.pending' : 'billing.payment.submit'} />
          </Button>
        </form>
      </div>
    </OnboardingShell>
  );
}

/** A fieldset's error under it (the expiry pair, the terms box), translated like a Field's. */
function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  const text = useMessage()(message);
  return text ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null;
}

function OrderSummary({
  className,
  planName,
  price,
  tier,
  firstCharge,
}: {
  className: string;
  planName: string;
  price: string;
  tier: string;
  firstCharge: string;
}) {
  const intl = useIntl();
  return (
    <aside
      aria-labelledby="order-summary"
      className={`h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}
    >
      <h2 id="order-summary" className="text-lg font-bold">
        <FormattedMessage id="billing.summary.title" />
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-2">
          <dt>
            <FormattedMessage id="billing.summary.plan" values={{ plan: planName }} />
          </dt>
          <dd className="font-semibold">
            <FormattedMessage id="billing.price.perMonthPlain" values={{ price }} />
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>
            <FormattedMessage id="billing.summary.technicians" />
          </dt>
          <dd>{tier}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>
            <FormattedMessage id="billing.summary.trial" values={{ days: TRIAL_DAYS }} />
          </dt>
          <dd>
            <FormattedMessage
              id="billing.summary.today"
              values={{
                amount: intl.formatNumber(0, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
              }}
            />
          </dd>
        </div>
        <div className="flex justify-between gap-2 border-t border-slate-200 pt-2 font-semibold">
          <dt>
            <FormattedMessage id="billing.summary.firstCharge" values={{ date: firstCharge }} />
          </dt>
          <dd>{price}</dd>
        </div>
      </dl>
      {/* The summary's 30 days and the FAQ's 14 days disagree; both are kept as written. */}
      <p className="mt-4 flex gap-2 text-sm text-slate-700">
        <ShieldCheck className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
        <FormattedMessage id="billing.summary.guarantee" />
      </p>
    </aside>
  );
}
