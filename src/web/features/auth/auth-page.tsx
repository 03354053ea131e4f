import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type SignInRequest, type SignUpRequest, signInRequestSchema } from '../../../domain/contracts/auth';
import { signUpRoleFromQuery } from '../../../domain/entry-pages';
import { EXPERIENCE_LEVELS } from '../../../domain/experience';
import { normaliseShopCode, shopCodeFromRandom } from '../../../domain/shop-code';
import { useAuth } from '../../app/auth-context';
import { landingPath } from '../../app/gate';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input, PasswordInput, Select } from '../../components/ui/form';
import { Logo } from '../../components/ui/logo';
import { useErrorText, useLocale, useMessage } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import { ApiError } from '../../lib/api-client';
import { loadStrictAuthSchemas, strictResolver } from '../../lib/password-rules';
import { useHydrated } from '../../lib/use-hydrated';
import { readFinishedFreeTest } from '../free-test';
import { useSignIn, useSignUp } from './api';
import { EXPERIENCE_LEVEL_KEYS } from './experience-labels';
import { InviteNote, SHOP_CODE_ERRORS, ShopCodeField } from './shop-code-field';

type Mode = 'sign-in' | 'sign-up';

/** Sign in and create account: one form, toggled by a link, with the language switch. */
export default function AuthPage({ mode }: { mode: Mode }) {
  const [params] = useSearchParams();
  const next = params.get('next');
  const navigate = useNavigate();
  const { me } = useAuth();

  useEffect(() => {
    if (me) navigate(landingPath(me.gate, next), { replace: true });
  }, [me, next, navigate]);

  const toggleTo = `${mode === 'sign-in' ? '/sign-up' : '/sign-in'}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
  const toggleLink = (chunks: ReactNode) => (
    <Link to={toggleTo} className="inline-block py-2 font-semibold text-blue-800 underline">
      {chunks}
    </Link>
  );
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 pt-6">
        <Logo />
        {mode === 'sign-in' && <LanguageSwitch />}
      </header>
      <main className="mx-auto max-w-md px-4 py-6">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold">
            <FormattedMessage id={mode === 'sign-in' ? 'auth.signIn.title' : 'auth.signUp.title'} />
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            <FormattedMessage id={mode === 'sign-in' ? 'auth.signIn.intro' : 'auth.signUp.intro'} />
          </p>
          <div className="mt-6">{mode === 'sign-in' ? <SignInForm /> : <SignUpForm />}</div>
          <p className="mt-6 text-center text-sm text-slate-700">
            <FormattedMessage
              id={mode === 'sign-in' ? 'auth.signIn.noAccount' : 'auth.signUp.haveAccount'}
              values={{ link: toggleLink }}
            />
          </p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="inline-block py-3 text-slate-700 underline">
            <FormattedMessage id="common.backToHomepage" />
          </Link>
        </p>
      </main>
    </div>
  );
}

function SignInForm() {
  const signIn = useSignIn();
  const errorText = useErrorText();
  const form = useForm<SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
    >
      <ErrorBox message={signIn.error ? errorText(signIn.error) : null} />
      <Field label={<FormattedMessage id="auth.email" />} error={errors.email?.message}>
        {(a) => <Input type="email" autoComplete="email" {...a} {...form.register('email')} />}
      </Field>
      <Field label={<FormattedMessage id="auth.password" />} error={errors.password?.message}>
        {(a) => <PasswordInput autoComplete="current-password" {...a} {...form.register('password')} />}
      </Field>
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="inline-block py-3 font-semibold text-blue-800 underline">
          <FormattedMessage id="account.forgotPasswordLink" />
        </Link>
      </p>
      <Button type="submit" className="w-full" size="lg" disabled={signIn.isPending}>
        <FormattedMessage id={signIn.isPending ? 'auth.signIn.pending' : 'auth.signIn.submit'} />
      </Button>
    </form>
  );
}

function newShopCode(): string {
  const bytes = new Uint8Array(64);
  crypto.getRandomValues(bytes);
  let i = 0;
  return shopCodeFromRandom(() => bytes[i++ % bytes.length]!);
}

const ROLE_CHOICES = [
  ['tech', 'auth.role.tech'],
  ['manager', 'auth.role.manager'],
] as const;

/** A refusal of the shop code itself, which belongs at the field. */
const isShopCodeError = (error: unknown) => error instanceof ApiError && SHOP_CODE_ERRORS.has(error.code);

function SignUpForm() {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const signUp = useSignUp();
  // This browser's finished free test: shown once hydrated, as the server's HTML cannot know it (ADR 0028).
  const hydrated = useHydrated();
  const [storedFreeTest] = useState(() => (typeof window === 'undefined' ? null : readFinishedFreeTest()));
  const freeTest = hydrated ? storedFreeTest : null;
  // A manager's invite link (/sign-up?shop=SHOP…) fills the code in; the shop trial's buttons
  // (/sign-up?role=manager) open on Shop Manager. The server's HTML was rendered from the same address (ADR 0028).
  const [params] = useSearchParams();
  const [invited] = useState(() => normaliseShopCode(params.get('shop') ?? '').slice(0, 20));
  const [initialRole] = useState(() => {
    const roles = params.getAll('role');
    return signUpRoleFromQuery(roles.length === 1 ? roles[0] : undefined, invited !== '');
  });
  const form = useForm<SignUpRequest>({
    resolver: strictResolver((schemas) => schemas.signUp),
    defaultValues: {
      email: '',
      password: '',
      fullName: '',
      role: initialRole,
      yearsOfExperience: undefined,
      shopCode: invited,
    },
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

  const submit = form.handleSubmit((values) =>
    // The language on screen when the account is made becomes the profile's.
    signUp.mutate(
      { ...values, locale, yearsOfExperience: values.role === 'tech' ? values.yearsOfExperience : null },
      {
        onError: (error) => {
          // Under the field, marked invalid and focused: on a phone the top of the form is off-screen by now.
          if (isShopCodeError(error)) {
            form.setError('shopCode', { type: 'server', message: errorText(error) }, { shouldFocus: true });
          }
        },
      },
    ),
  );
  const createWithoutShop = () => {
    form.setValue('shopCode', '');
    form.clearErrors('shopCode');
    void submit();
  };

  return (
    <form method="post" noValidate className="space-y-4" onSubmit={submit}>
      {/* A technician's dashboard takes the result in; a shop manager's has no test history. */}
      {freeTest && role === 'tech' && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-950 ring-1 ring-green-200">
          <FormattedMessage
            id="auth.freeTestKept"
            values={{ correct: freeTest.result.correct, total: freeTest.result.total }}
          />
        </p>
      )}
      {invited && <InviteNote code={invited} />}
      <ErrorBox message={signUp.error && !isShopCodeError(signUp.error) ? errorText(signUp.error) : null} />
      <LanguageSwitch showLabel />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          <FormattedMessage id="auth.role.legend" />
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {ROLE_CHOICES.map(([value, label]) => (
            <label
              key={value}
              className={`flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 px-3 py-2 text-center text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600/40 ${
                role === value ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-800'
              }`}
            >
              <input type="radio" value={value} className="sr-only" {...form.register('role')} />
              {intl.formatMessage({ id: label })}
            </label>
          ))}
        </div>
        {errors.role && <FieldError message={errors.role.message} />}
      </fieldset>
      <Field label={<FormattedMessage id="auth.fullName" />} error={errors.fullName?.message}>
        {(a) => <Input autoComplete="name" {...a} {...form.register('fullName')} />}
      </Field>
      <Field label={<FormattedMessage id="auth.email" />} error={errors.email?.message}>
        {(a) => <Input type="email" autoComplete="email" {...a} {...form.register('email')} />}
      </Field>
      <Field
        label={<FormattedMessage id="auth.password" />}
        error={errors.password?.message}
        hint={<FormattedMessage id="account.newPasswordHint" />}
      >
        {(a) => <PasswordInput autoComplete="new-password" {...a} {...form.register('password')} />}
      </Field>
      {role === 'tech' && (
        <Field label={<FormattedMessage id="auth.years" />} error={errors.yearsOfExperience?.message}>
          {(a) => (
            <Select defaultValue="" {...a} {...form.register('yearsOfExperience')}>
              {/* Short, so it is never cut at 375 px: the label says what to choose. */}
              <option value="" disabled>
                {intl.formatMessage({ id: 'auth.years.choose' })}
              </option>
              {EXPERIENCE_LEVELS.map((l) => (
                <option key={l.value} value={l.value}>
                  {intl.formatMessage({ id: EXPERIENCE_LEVEL_KEYS[l.value] })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <ShopCodeField form={form} role={role} pending={signUp.isPending} onCreateWithoutShop={createWithoutShop} />
      <Button type="submit" className="w-full" size="lg" disabled={signUp.isPending}>
        <FormattedMessage id={signUp.isPending ? 'auth.signUp.pending' : 'auth.signUp.submit'} />
      </Button>
    </form>
  );
}

/** A fieldset's own error (the role choice), translated like a Field's. */
function FieldError({ message }: { message: string | undefined }) {
  const text = useMessage()(message);
  return text ? <p className="mt-1 text-sm font-medium text-red-700">{text}</p> : null;
}
