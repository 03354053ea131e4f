import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { type ShopSetupRequest, shopSetupRequestSchema } from '../../../domain/contracts/billing';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { useSetUpShop } from './api';
import { OnboardingShell } from './onboarding-shell';

const TYPES = [
  ['independent', 'billing.shop.independent'],
  ['dealership', 'billing.shop.dealership'],
] as const;

/** Manager onboarding step 1 (docs/PRODUCT.md#gate): name and type; the server assigns the shop code. */
export default function ShopSetupPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { me } = useAuth();
  const setUp = useSetUpShop();
  const navigate = useNavigate();
  const form = useForm<ShopSetupRequest>({
    resolver: zodResolver(shopSetupRequestSchema),
    defaultValues: { name: '', type: 'independent' },
  });
  const { errors } = form.formState;
  const type = form.watch('type');
  if (me?.user.shop) return <Navigate to="/manager/plans" replace />;

  return (
    <OnboardingShell step={0}>
      <form
        noValidate
        className="mx-auto max-w-xl space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
        onSubmit={form.handleSubmit((values) =>
          setUp.mutate(values, { onSuccess: () => navigate('/manager/plans', { replace: true }) }),
        )}
      >
        <div>
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="billing.shop.title" />
          </h1>
          <p className="mt-1 text-slate-700">
            <FormattedMessage id="billing.shop.intro" />
          </p>
        </div>
        <ErrorBox
          message={
            setUp.error ? intl.formatMessage({ id: 'billing.shop.failed' }, { reason: errorText(setUp.error) }) : null
          }
        />
        <Field label={<FormattedMessage id="billing.shop.name" />} error={errors.name?.message}>
          {(a) => <Input autoComplete="organization" maxLength={120} {...a} {...form.register('name')} />}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            <FormattedMessage id="billing.shop.type" />
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {TYPES.map(([value, label]) => (
              <label
                key={value}
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 p-3 ${
                  type === value ? 'border-blue-700 bg-blue-50' : 'border-slate-200'
                }`}
              >
                <input type="radio" value={value} className="h-4 w-4 accent-blue-700" {...form.register('type')} />
                <span className="font-medium">{intl.formatMessage({ id: label })}</span>
              </label>
            ))}
          </div>
          <ErrorBox message={errors.type?.message} />
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={setUp.isPending}>
          <FormattedMessage id={setUp.isPending ? 'billing.shop.pending' : 'billing.shop.submit'} />
        </Button>
      </form>
    </OnboardingShell>
  );
}
