import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { type ForgotPasswordRequest, forgotPasswordRequestSchema } from '../../../domain/contracts/auth';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input } from '../../components/ui/form';
import { useErrorText, useMessage } from '../../i18n/i18n-provider';
import { AccountCardLayout } from './account-card-layout';
import { useRequestPasswordReset } from './api';

/** Forgot password: asks for the e-mail and says a link is on its way (whether or not the account exists). */
export default function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const errorText = useErrorText();
  const message = useMessage();
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  return (
    <AccountCardLayout title={<FormattedMessage id="account.forgot.title" />}>
      {request.isSuccess ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900"
        >
          {message(request.data.key)}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            <FormattedMessage id="account.forgot.intro" />
          </p>
          <form
            method="post"
            noValidate
            className="mt-6 space-y-4"
            onSubmit={form.handleSubmit((values) => request.mutate(values))}
          >
            <ErrorBox message={request.error ? errorText(request.error) : null} />
            <Field label={<FormattedMessage id="account.email" />} error={errors.email?.message}>
              {(a) => <Input type="email" autoComplete="email" {...a} {...form.register('email')} />}
            </Field>
            <Button type="submit" className="w-full" size="lg" disabled={request.isPending}>
              <FormattedMessage id={request.isPending ? 'account.forgot.sending' : 'account.forgot.submit'} />
            </Button>
          </form>
        </>
      )}
    </AccountCardLayout>
  );
}
