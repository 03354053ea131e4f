import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import type { ChangePasswordRequest } from '../../../domain/contracts/auth';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, PasswordInput } from '../../components/ui/form';
import { useErrorText, useMessage } from '../../i18n/i18n-provider';
import { loadStrictAuthSchemas, strictResolver } from '../../lib/password-rules';
import { toast } from '../../lib/toast';
import { useChangePassword } from './api';

/**
 * Change password: the current one, then a new one that follows the password rules for this account. On
 * success this browser stays signed in (the server hands it a new session) and every other device is
 * signed out. Self-contained: mount it on any signed-in page (the profile pages).
 */
export function ChangePasswordForm() {
  const { me } = useAuth();
  const change = useChangePassword();
  const errorText = useErrorText();
  const message = useMessage();
  const owner = { email: me?.user.email, name: me?.user.fullName };
  const form = useForm<ChangePasswordRequest>({
    resolver: strictResolver((schemas) => schemas.changePassword(owner)),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  useEffect(() => {
    loadStrictAuthSchemas().catch(() => undefined);
  }, []);

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, {
          onSuccess: (result) => {
            toast.success(message(result.key) ?? result.message);
            form.reset();
          },
        }),
      )}
    >
      <ErrorBox message={change.error ? errorText(change.error) : null} />
      <Field label={<FormattedMessage id="account.currentPassword" />} error={errors.currentPassword?.message}>
        {(a) => <PasswordInput autoComplete="current-password" {...a} {...form.register('currentPassword')} />}
      </Field>
      <Field
        label={<FormattedMessage id="account.newPassword" />}
        error={errors.newPassword?.message}
        hint={<FormattedMessage id="account.newPasswordHint" />}
      >
        {(a) => <PasswordInput autoComplete="new-password" {...a} {...form.register('newPassword')} />}
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={change.isPending}>
        <FormattedMessage id={change.isPending ? 'account.saving' : 'account.changePassword'} />
      </Button>
    </form>
  );
}
