import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { addDays, tierLabel, wholeDollars } from '../../../domain/billing';
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
import { ApiError, errorMessage } from '../../lib/api-client';
import { usePlans, useStartSubscription } from './api';
import { formatCardNumber, formatCvv } from './card-format';
import { OnboardingShell } from './onboarding-shell';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** What the payment screen shows when the server refuses or fails (SPEC §8). */
function paymentError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'PAYMENT_FAILED') return error.message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return `Failed to create subscription: ${error.message}`;
  }
  return `Error creating subscription: ${errorMessage(error)}`;
}

/** Manager onboarding step 3: order summary and the (mock) card payment form. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const planId = params.get('plan');
  const plans = usePlans();
  const start = useStartSubscription();
  const navigate = useNavigate();
  const [years] = useState(() => expiryYearOptions(new Date()));
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<PaymentDetailsInput, unknown, PaymentDetails>({
    resolver: zodResolver(paymentDetailsSchema),
    // react-hook-form focuses the first field *registered* with an error (the card number, registered early
    // for its formatter); the first invalid field on the page is the one to go to.
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
  const cardField = form.register('cardNumber');
  const cvvField = form.register('cvv');
  const plan = plans.data?.plans.find((p) => p.id === planId);

  if (plans.isPending) {
    return (
      <OnboardingShell step={2}>
        <Spinner label="Loading your plan…" />
      </OnboardingShell>
    );
  }
  if (!plan) {
    return (
      <OnboardingShell step={2}>
        <ErrorBox message={plans.error ? errorMessage(plans.error) : 'Please choose a plan first.'} />
        <ButtonLink to="/manager/plans" className="mt-4">
          Choose Plan
        </ButtonLink>
      </OnboardingShell>
    );
  }

  const firstCharge = addDays(new Date(), TRIAL_DAYS);
  const onSubmit = form.handleSubmit(
    (payment) =>
      start.mutate(
        { planId: plan.id, payment },
        {
          onSuccess: ({ subscription }) => {
            const until = subscription.trialEnd ? new Date(subscription.trialEnd) : firstCharge;
            toast.success(
              intl.formatMessage(
                { id: 'billing.trialStarted' },
                { days: TRIAL_DAYS, date: intl.formatDate(until, { dateStyle: 'long' }) },
              ),
              { duration: 10_000 },
            );
            navigate('/manager', { replace: true });
          },
        },
      ),
    () =>
      // After React has rendered the errors: the first field marked invalid, in page order.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
  );

  return (
    <OnboardingShell step={2}>
      <h1 className="text-2xl font-bold sm:text-3xl">Payment</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          aria-label="Payment details"
          className="order-2 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:order-1"
        >
          <ErrorBox message={start.error ? paymentError(start.error) : null} />
          <Field label="Cardholder name" error={errors.cardholderName?.message}>
            {(a) => <Input autoComplete="cc-name" {...a} {...form.register('cardholderName')} />}
          </Field>
          <Field label="Card number" error={errors.cardNumber?.message}>
            {(a) => (
              <Input
                autoComplete="cc-number"
                inputMode="numeric"
                maxLength={19}
                placeholder="1234 5678 9012 3456"
                {...a}
                {...cardField}
                onChange={(event) => {
                  event.target.value = formatCardNumber(event.target.value);
                  return cardField.onChange(event);
                }}
              />
            )}
          </Field>
          <fieldset aria-describedby={errors.expMonth ? 'expiry-error' : undefined}>
            <legend className="text-sm font-medium text-slate-800">Expiration date</legend>
            <div className="mt-1 grid grid-cols-2 gap-3">
              <label className="sr-only" htmlFor="exp-month">
                Expiration month
              </label>
              <Select
                id="exp-month"
                autoComplete="cc-exp-month"
                aria-invalid={Boolean(errors.expMonth)}
                {...form.register('expMonth')}
              >
                <option value="">Month</option>
                {MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
              <label className="sr-only" htmlFor="exp-year">
                Expiration year
              </label>
              <Select
                id="exp-year"
                autoComplete="cc-exp-year"
                aria-invalid={Boolean(errors.expMonth)}
                {...form.register('expYear')}
              >
                <option value="">Year</option>
                {years.map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </Select>
            </div>
            {errors.expMonth && (
              <p id="expiry-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.expMonth.message}
              </p>
            )}
          </fieldset>
          <Field label="CVV" error={errors.cvv?.message}>
            {(a) => (
              <Input
                autoComplete="cc-csc"
                inputMode="numeric"
                maxLength={4}
                pattern="[0-9]*"
                className="max-w-32"
                {...a}
                {...cvvField}
                onChange={(event) => {
                  event.target.value = formatCvv(event.target.value);
                  return cvvField.onChange(event);
                }}
              />
            )}
          </Field>
          <Field label="Billing address" error={errors.address?.message}>
            {(a) => <Input autoComplete="street-address" {...a} {...form.register('address')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="City" error={errors.city?.message}>
              {(a) => <Input autoComplete="address-level2" {...a} {...form.register('city')} />}
            </Field>
            <Field label="State" error={errors.state?.message}>
              {(a) => (
                <Select autoComplete="address-level1" {...a} {...form.register('state')}>
                  <option value="">Select state</option>
                  {US_STATES.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="ZIP code" error={errors.zip?.message}>
              {(a) => (
                <Input autoComplete="postal-code" inputMode="numeric" maxLength={10} {...a} {...form.register('zip')} />
              )}
            </Field>
          </div>
          <div>
            <label className="flex min-h-11 items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-5 w-5 shrink-0 accent-blue-700"
                aria-invalid={Boolean(errors.acceptTerms)}
                aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
                {...form.register('acceptTerms')}
              />
              <span>
                <FormattedMessage
                  id="billing.terms.agree"
                  values={{
                    link: (chunks) => (
                      <Link to="/terms" target="_blank" className="font-semibold text-blue-800 underline">
                        {chunks}
                      </Link>
                    ),
                  }}
                />
              </span>
            </label>
            {errors.acceptTerms && (
              <p id="terms-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.acceptTerms.message}
              </p>
            )}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={start.isPending}>
            <Lock className="h-4 w-4" aria-hidden="true" />
            {start.isPending ? 'Processing payment…' : 'Start Free Trial'}
          </Button>
        </form>
        <aside
          aria-labelledby="order-summary"
          className="order-1 h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:order-2"
        >
          <h2 id="order-summary" className="text-lg font-bold">
            Order summary
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between gap-2">
              <dt>{plan.name} plan</dt>
              <dd className="font-semibold">{wholeDollars(plan.priceMonthlyCents)}/month</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Technicians</dt>
              <dd>{tierLabel(plan.maxTechnicians)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>{TRIAL_DAYS}-day free trial</dt>
              <dd>$0 today</dd>
            </div>
            <div className="flex justify-between gap-2 border-t border-slate-200 pt-2 font-semibold">
              <dt>First charge on {dateFormat.format(firstCharge)}</dt>
              <dd>{wholeDollars(plan.priceMonthlyCents)}</dd>
            </div>
          </dl>
          {/* SPEC §1: the summary's 30 days and the FAQ's 14 days disagree; both are kept as written. */}
          <p className="mt-4 flex gap-2 text-sm text-slate-700">
            <ShieldCheck className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
            30-day money-back guarantee. Cancel any time.
          </p>
        </aside>
      </div>
    </OnboardingShell>
  );
}
