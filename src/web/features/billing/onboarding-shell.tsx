import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SignOutButton } from '../../components/sign-out-button';
import { Logo } from '../../components/ui/logo';
import { LanguageSwitch } from '../../i18n/language-switch';

const STEPS = ['billing.step.shop', 'billing.step.plan', 'billing.step.payment'] as const;

/**
 * The manager onboarding frame: logo, language, sign out, and where the manager is in setup → plan →
 * payment ("Step 1 of 3 · Set up your shop"; the three steps as pills from tablet width).
 */
export function OnboardingShell({ step, children }: { step: 0 | 1 | 2 | null; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-3">
        <Logo to="/manager" />
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <SignOutButton variant="ghost" />
        </div>
      </header>
      {step !== null && (
        <nav aria-label={intl.formatMessage({ id: 'billing.step.label' })} className="mx-auto max-w-5xl px-4">
          <p className="text-sm font-semibold text-blue-800" aria-current="step">
            <FormattedMessage
              id="billing.step.current"
              values={{ n: step + 1, total: STEPS.length, name: intl.formatMessage({ id: STEPS[step] }) }}
            />
          </p>
          <ol className="mt-2 hidden flex-wrap gap-2 text-sm sm:flex">
            {STEPS.map((key, i) => (
              <li
                key={key}
                className={`rounded-full px-3 py-1 font-medium ${
                  i === step
                    ? 'bg-blue-700 text-white'
                    : i < step
                      ? 'bg-blue-100 text-blue-900'
                      : 'bg-slate-200 text-slate-700'
                }`}
              >
                <FormattedMessage id="billing.step.pill" values={{ n: i + 1, name: intl.formatMessage({ id: key }) }} />
              </li>
            ))}
          </ol>
        </nav>
      )}
      <main className="mx-auto max-w-5xl px-4 py-6 pb-16">{children}</main>
    </div>
  );
}
