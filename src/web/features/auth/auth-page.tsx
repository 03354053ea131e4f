import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type SignInRequest, type SignUpRequest, signInRequestSchema } from '../../../domain/contracts/auth';
import { EXPERIENCE_LEVELS } from '../../../domain/experience';
import { shopCodeFromRandom } from '../../../domain/shop-code';
import { useAuth } from '../../app/auth-context';
import { landingPath } from '../../app/gate';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input, PasswordInput, Select } from '../../components/ui/form';
import { Logo } from '../../components/ui/logo';
import { useLocale } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import { errorMessage } from '../../lib/api-client';
import { loadStrictAuthSchemas, strictResolver } from '../../lib/password-rules';
import { EXPERIENCE_LABEL } from '../profile/personal-info-form';
import { useSignIn, useSignUp } from './api';

type Mode = 'sign-in' | 'sign-up';

/** Sign in and create account: one form, toggled by a link (SPEC §2). */
export default function AuthPage({ mode }: { mode: Mode }) {
  const [params] = useSearchParams();
  const next = params.get('next');
  const navigate = useNavigate();
  const { me } = useAuth();

  useEffect(() => {
    if (me) navigate(landingPath(me.gate, next, me.user), { replace: true });
  }, [me, next, navigate]);

  const toggleTo = `${mode === 'sign-in' ? '/sign-up' : '/sign-in'}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 pt-10">
        <Logo />
        <LanguageSwitch />
      </header>
      <main className="mx-auto max-w-md px-4 py-8">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold">
            <FormattedMessage id={mode === 'sign-in' ? 'account.auth.signInTitle' : 'account.auth.signUpTitle'} />
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            <FormattedMessage id={mode === 'sign-in' ? 'account.auth.signInIntro' : 'account.auth.signUpIntro'} />
          </p>
          <div className="mt-6">{mode === 'sign-in' ? <SignInForm /> : <SignUpForm />}</div>
          <p className="mt-6 text-center text-sm text-slate-700">
            <FormattedMessage id={mode === 'sign-in' ? 'account.auth.noAccount' : 'account.auth.haveAccount'} />{' '}
            <Link to={toggleTo} className="font-semibold text-blue-800 underline">
              <FormattedMessage id={mode === 'sign-in' ? 'account.auth.createOne' : 'account.auth.signInLink'} />
            </Link>
          </p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-slate-700 underline">
            <FormattedMessage id="account.auth.backHome" />
          </Link>
        </p>
      </main>
    </div>
  );
}

function SignInForm() {
  const signIn = useSignIn();
  const form = useForm<SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
      <ErrorBox message={signIn.error ? errorMessage(signIn.error) : null} />
      <Field label={<FormattedMessage id="account.email" />} error={errors.email?.message}>
        {(a) => <Input type="email" autoComplete="email" {...a} {...form.register('email')} />}
      </Field>
      <Field label={<FormattedMessage id="account.auth.password" />} error={errors.password?.message}>
        {(a) => <PasswordInput autoComplete="current-password" {...a} {...form.register('password')} />}
      </Field>
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="inline-block py-3 font-semibold text-blue-800 underline">
          <FormattedMessage id="account.forgotPasswordLink" />
        </Link>
      </p>
      <Button type="submit" className="w-full" size="lg" disabled={signIn.isPending}>
        <FormattedMessage id={signIn.isPending ? 'account.auth.signingIn' : 'account.signIn'} />
      </Button>
    </form>
  );
}

function newShopCode(): string {
  const bytes = new Uint8Array(64);
  crypto.getRandomValues(bytes);
  let i = 0;
  return shopCodeFromRandom(() => bytes[i++ % bytes.length]);
}

function SignUpForm() {
  const intl = useIntl();
  const { locale } = useLocale();
  const signUp = useSignUp();
  const form = useForm<SignUpRequest>({
    resolver: strictResolver((schemas) => schemas.signUp),
    defaultValues: { email: '', password: '', fullName: '', role: 'tech', yearsOfExperience: undefined, shopCode: '' },
  });
  const { errors } = form.formState;
  const role = form.watch('role');
  const [suggested] = useState(newShopCode);
  // Fetch the password rules' dictionaries while the person types, so Create Account does not wait for them.
  useEffect(() => {
    loadStrictAuthSchemas().catch(() => undefined);
  }, []);

  // A manager's shop code is the code their new shop will get (ADR 0002): offer a fresh one.
  useEffect(() => {
    const current = form.getValues('shopCode');
    if (role === 'manager' && !current) form.setValue('shopCode', suggested);
    if (role === 'tech' && current === suggested) form.setValue('shopCode', '');
  }, [role, suggested, form]);

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        signUp.mutate({
          ...values,
          yearsOfExperience: values.role === 'tech' ? values.yearsOfExperience : null,
          // The language the form is shown in becomes the profile's language (issue 23).
          locale,
        }),
      )}
    >
      <ErrorBox message={signUp.error ? errorMessage(signUp.error) : null} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          <FormattedMessage id="account.auth.iAmA" />
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(
            [
              ['tech', 'account.auth.technician'],
              ['manager', 'account.auth.manager'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 px-3 py-2 text-sm font-semibold ${
                role === value ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-800'
              }`}
            >
              <input type="radio" value={value} className="sr-only" {...form.register('role')} />
              <FormattedMessage id={label} />
            </label>
          ))}
        </div>
        {errors.role && <p className="mt-1 text-sm font-medium text-red-700">{errors.role.message}</p>}
      </fieldset>
      <Field label={<FormattedMessage id="account.auth.fullName" />} error={errors.fullName?.message}>
        {(a) => <Input autoComplete="name" {...a} {...form.register('fullName')} />}
      </Field>
      <Field label={<FormattedMessage id="account.email" />} error={errors.email?.message}>
        {(a) => <Input type="email" autoComplete="email" {...a} {...form.register('email')} />}
      </Field>
      <Field
        label={<FormattedMessage id="account.auth.password" />}
        error={errors.password?.message}
        hint={<FormattedMessage id="account.newPasswordHint" />}
      >
        {(a) => <PasswordInput autoComplete="new-password" {...a} {...form.register('password')} />}
      </Field>
      {role === 'tech' && (
        <Field label={<FormattedMessage id="profile.experienceLevel" />} error={errors.yearsOfExperience?.message}>
          {(a) => (
            <Select defaultValue="" {...a} {...form.register('yearsOfExperience')}>
              <option value="" disabled>
                {intl.formatMessage({ id: 'account.auth.select' })}
              </option>
              {EXPERIENCE_LEVELS.map((l) => (
                <option key={l.value} value={l.value}>
                  {intl.formatMessage({ id: EXPERIENCE_LABEL[l.value] })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field
        label={<FormattedMessage id={role === 'manager' ? 'account.auth.shopCode' : 'account.auth.shopCodeOptional'} />}
        error={errors.shopCode?.message}
        hint={
          <FormattedMessage
            id={role === 'manager' ? 'account.auth.shopCodeManagerHint' : 'account.auth.shopCodeTechHint'}
          />
        }
      >
        {(a) => <Input autoComplete="off" maxLength={20} className="uppercase" {...a} {...form.register('shopCode')} />}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={signUp.isPending}>
        <FormattedMessage id={signUp.isPending ? 'account.auth.creating' : 'account.auth.createAccount'} />
      </Button>
    </form>
  );
}
