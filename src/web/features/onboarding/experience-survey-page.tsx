import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '../../../domain/experience';
import { useAuth } from '../../app/auth-context';
import { SignOutButton } from '../../components/sign-out-button';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Logo } from '../../components/ui/logo';
import { useErrorText } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import { EXPERIENCE_LEVEL_KEYS, useSaveExperience } from '../auth';

/** Technician onboarding: the experience survey, shown until a level is saved (docs/PRODUCT.md#gate). */
export default function ExperienceSurveyPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { me } = useAuth();
  const save = useSaveExperience();
  const navigate = useNavigate();
  const [level, setLevel] = useState<ExperienceLevel | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!level) {
      setError('messages.experience.required');
      return;
    }
    setError(null);
    save.mutate(
      { experienceLevel: level },
      {
        onSuccess: () => navigate('/app', { replace: true }),
        onError: (e) => setError(intl.formatMessage({ id: 'onboarding.experience.failed' }, { reason: errorText(e) })),
      },
    );
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-2xl items-center justify-between px-4 py-4">
        <Logo to="/app" />
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <SignOutButton variant="ghost" />
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 pb-12">
        <form onSubmit={submit} noValidate className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold">
            <FormattedMessage
              id="onboarding.experience.title"
              values={{ name: me?.user.fullName.split(' ')[0] ?? '' }}
            />
          </h1>
          <p className="mt-2 text-slate-700">
            <FormattedMessage id="onboarding.experience.intro" />
            {me?.user.yearsOfExperience && (
              <>
                {' '}
                <FormattedMessage
                  id="onboarding.experience.atSignUp"
                  values={{ years: intl.formatMessage({ id: EXPERIENCE_LEVEL_KEYS[me.user.yearsOfExperience] }) }}
                />
              </>
            )}
          </p>
          <fieldset className="mt-6">
            <legend className="text-sm font-semibold text-slate-800">
              <FormattedMessage id="onboarding.experience.legend" />
            </legend>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {EXPERIENCE_LEVELS.map((option) => (
                <label
                  key={option.value}
                  className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 p-3 ${
                    level === option.value ? 'border-blue-700 bg-blue-50' : 'border-slate-200 hover:border-slate-300'
                  }`}
                >
                  <input
                    type="radio"
                    name="experienceLevel"
                    value={option.value}
                    checked={level === option.value}
                    onChange={() => setLevel(option.value)}
                    className="h-4 w-4 accent-blue-700"
                  />
                  <span className="font-medium text-slate-900">
                    {intl.formatMessage({ id: EXPERIENCE_LEVEL_KEYS[option.value] })}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-6">
            <ErrorBox message={error} />
          </div>
          <Button type="submit" size="lg" className="mt-6 w-full" disabled={save.isPending}>
            <FormattedMessage id={save.isPending ? 'onboarding.saving' : 'onboarding.continue'} />
          </Button>
        </form>
      </main>
    </div>
  );
}
