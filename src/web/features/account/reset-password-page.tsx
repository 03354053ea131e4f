import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { ResetPasswordRequest } from '../../../domain/contracts/auth';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox, Field, PasswordInput } from '../../components/ui/form';
import { useErrorText, useMessage } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { loadStrictAuthSchemas, strictResolver } from '../../lib/password-rules';
import { AccountCardLayout } from './account-card-layout';
import { useResetPassword } from './api';

/** The e-mailed link's page: choose a new password with the token from the link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const errorText = useErrorText();
  const message = useMessage();
  const form = useForm<ResetPasswordRequest>({
    resolver: strictResolver((schemas) => schemas.resetPassword()),
    defaultValues: { token, newPassword: '' },
  });
  const { errors } = form.formState;
  useEffect(() => {
    loadStrictAuthSchemas().catch(() => undefined);
  }, []);

  const linkInvalid = !token || (reset.error instanceof ApiError && reset.error.code === 'RESET_LINK_INVALID');
  return (
    <AccountCardLayout title={<FormattedMessage id="account.reset.title" />}>
      {reset.isSuccess ? (
        <div className="mt-4 space-y-4">
          <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
            {message(reset.data.key)}
          </p>
          <ButtonLink to="/sign-in" size="lg" className="w-full">
            <FormattedMessage id="account.signIn" />
          </ButtonLink>
        </div>
      ) : linkInvalid ? (
        <div className="mt-4 space-y-4">
          <ErrorBox message="messages.auth.resetLinkInvalid" />
          <ButtonLink to="/forgot-password" size="lg" className="w-full">
            <FormattedMessage id="account.reset.requestNew" />
          </ButtonLink>
        </div>
      ) : (
        <form
          method="post"
          noValidate
          className="mt-6 space-y-4"
          onSubmit={form.handleSubmit((values) => reset.mutate(values))}
        >
          <ErrorBox message={reset.error ? errorText(reset.error) : null} />
          <Field
            label={<FormattedMessage id="account.newPassword" />}
            error={errors.newPassword?.message ?? errors.token?.message}
            hint={<FormattedMessage id="account.newPasswordHint" />}
          >
            {(a) => <PasswordInput autoComplete="new-password" {...a} {...form.register('newPassword')} />}
          </Field>
          <Button type="submit" className="w-full" size="lg" disabled={reset.isPending}>
            <FormattedMessage id={reset.isPending ? 'account.saving' : 'account.reset.submit'} />
          </Button>
        </form>
      )}
    </AccountCardLayout>
  );
}
