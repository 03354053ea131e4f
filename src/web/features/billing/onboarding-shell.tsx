import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SignOutButton } from '../../components/sign-out-button';
import { Logo } from '../../components/ui/logo';

const STEP_LABELS = [
  <FormattedMessage key="setup" id="billing.steps.setup" />,
  <FormattedMessage key="plan" id="billing.steps.plan" />,
  <FormattedMessage key="payment" id="billing.steps.payment" />,
] as const;

/**
 * The manager onboarding frame: logo, sign out, and where the manager is in setup → plan → payment,
 * said in words ("Step 1 of 3 · Set up your shop") and shown as three marks.
 */
export function OnboardingShell({ step, children }: { step: 0 | 1 | 2 | null; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <Logo to="/manager" />
        <SignOutButton variant="ghost" />
      </header>
      {step !== null && (
        <nav aria-label={intl.formatMessage({ id: 'billing.steps.progress' })} className="mx-auto max-w-5xl px-4">
          <p className="text-sm font-semibold text-blue-900">
            <FormattedMessage
              id="billing.steps.current"
              values={{ step: step + 1, total: STEP_LABELS.length, label: STEP_LABELS[step] }}
            />
          </p>
          <ol className="mt-2 grid grid-cols-3 gap-2" aria-hidden="true">
            {STEP_LABELS.map((_, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: three fixed steps
                key={i}
                className={`h-1.5 rounded-full ${i <= step ? 'bg-blue-700' : 'bg-slate-300'}`}
              />
            ))}
          </ol>
        </nav>
      )}
      <main className="mx-auto max-w-5xl px-4 py-6 pb-16">{children}</main>
    </div>
  );
}
