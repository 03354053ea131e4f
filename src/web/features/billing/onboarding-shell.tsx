import type { ReactNode } from 'react';
import { SignOutButton } from '../../components/sign-out-button';
import { Logo } from '../../components/ui/logo';

const STEPS = ['Shop setup', 'Choose plan', 'Payment'] as const;

/** The manager onboarding frame: logo, sign out, and where the manager is in setup → plan → payment. */
export function OnboardingShell({ step, children }: { step: 0 | 1 | 2 | null; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <Logo to="/manager" />
        <SignOutButton variant="ghost" />
      </header>
      {step !== null && (
        <nav aria-label="Setup progress" className="mx-auto max-w-5xl px-4">
          <ol className="flex flex-wrap gap-2 text-sm">
            {STEPS.map((label, i) => (
              <li
                key={label}
                aria-current={i === step ? 'step' : undefined}
                className={`rounded-full px-3 py-1 font-medium ${
                  i === step
                    ? 'bg-blue-700 text-white'
                    : i < step
                      ? 'bg-blue-100 text-blue-900'
                      : 'bg-slate-200 text-slate-700'
                }`}
              >
                {i + 1}. {label}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <main className="mx-auto max-w-5xl px-4 py-6 pb-16">{children}</main>
    </div>
  );
}
