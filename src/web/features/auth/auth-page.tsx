import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type SignInRequest, type SignUpRequest, signInRequestSchema } from '../../../domain/contracts/auth';
import { EXPERIENCE_LEVELS } from '../../../domain/experience';
import { shopCodeFromRandom } from '../../../domain/shop-code';
import { useAuth } from '../../app/auth-context';
import { landingPath } from '../../app/gate';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input, PasswordInput, Select } from '../../components/ui/form';
import { Logo } from '../../components/ui/logo';
import { errorMessage } from '../../lib/api-client';
import { loadStrictAuthSchemas, strictResolver } from '../../lib/password-rules';
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
      <header className="mx-auto flex max-w-md justify-center px-4 pt-10">
        <Logo />
      </header>
      <main className="mx-auto max-w-md px-4 py-8">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold">{mode === 'sign-in' ? 'Sign in to TorquePrep' : 'Create your account'}</h1>
          <p className="mt-1 text-sm text-slate-700">
            {mode === 'sign-in'
              ? 'Welcome back. Pick up where you left off.'
              : 'Start your 14-day free trial. No charge for 14 days.'}
          </p>
          <div className="mt-6">{mode === 'sign-in' ? <SignInForm /> : <SignUpForm />}</div>
          <p className="mt-6 text-center text-sm text-slate-700">
            {mode === 'sign-in' ? "Don't have an account? " : 'Already have an account? '}
            <Link to={toggleTo} className="font-semibold text-blue-800 underline">
              {mode === 'sign-in' ? 'Create one' : 'Sign in'}
            </Link>
          </p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-slate-700 underline">
            Back to Homepage
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
      <Field label="Email" error={errors.email?.message}>
        {(a) => <Input type="email" autoComplete="email" {...a} {...form.register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(a) => <PasswordInput autoComplete="current-password" {...a} {...form.register('password')} />}
      </Field>
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="inline-block py-3 font-semibold text-blue-800 underline">
          <FormattedMessage id="account.forgotPasswordLink" />
        </Link>
      </p>
      <Button type="submit" className="w-full" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
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
        signUp.mutate({ ...values, yearsOfExperience: values.role === 'tech' ? values.yearsOfExperience : null }),
      )}
    >
      <ErrorBox message={signUp.error ? errorMessage(signUp.error) : null} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">I am a</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(
            [
              ['tech', 'Technician'],
              ['manager', 'Shop Manager'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 px-3 py-2 text-sm font-semibold ${
                role === value ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-800'
              }`}
            >
              <input type="radio" value={value} className="sr-only" {...form.register('role')} />
              {label}
            </label>
          ))}
        </div>
        {errors.role && <p className="mt-1 text-sm font-medium text-red-700">{errors.role.message}</p>}
      </fieldset>
      <Field label="Full name" error={errors.fullName?.message}>
        {(a) => <Input autoComplete="name" {...a} {...form.register('fullName')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(a) => <Input type="email" autoComplete="email" {...a} {...form.register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message} hint={<FormattedMessage id="account.newPasswordHint" />}>
        {(a) => <PasswordInput autoComplete="new-password" {...a} {...form.register('password')} />}
      </Field>
      {role === 'tech' && (
        <Field label="Years of experience" error={errors.yearsOfExperience?.message}>
          {(a) => (
            <Select defaultValue="" {...a} {...form.register('yearsOfExperience')}>
              <option value="" disabled>
                Select…
              </option>
              {EXPERIENCE_LEVELS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field
        label={role === 'manager' ? 'Shop code' : 'Shop code (optional)'}
        error={errors.shopCode?.message}
        hint={
          role === 'manager'
            ? 'Your new shop will use this code. Technicians enter it to join your shop.'
            : 'Got a code from your shop manager? Enter it to ask to join the shop.'
        }
      >
        {(a) => <Input autoComplete="off" maxLength={20} className="uppercase" {...a} {...form.register('shopCode')} />}
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
