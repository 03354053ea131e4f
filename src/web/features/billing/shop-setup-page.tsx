import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { type ShopSetupRequest, shopSetupRequestSchema } from '../../../domain/contracts/billing';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input } from '../../components/ui/form';
import { errorMessage } from '../../lib/api-client';
import { useSetUpShop } from './api';
import { OnboardingShell } from './onboarding-shell';

const TYPES = [
  ['independent', 'Independent repair shop'],
  ['dealership', 'Dealership'],
] as const;

/** Manager onboarding step 1 (SPEC §4): name and type; the server assigns the shop code. */
export default function ShopSetupPage() {
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
          <h1 className="text-2xl font-bold">Set up your shop</h1>
          <p className="mt-1 text-slate-700">
            Tell us about your shop. Your technicians join it with your shop code; we keep the code you chose at sign-up
            when it is still free.
          </p>
        </div>
        <ErrorBox message={setUp.error ? `Failed to create shop: ${errorMessage(setUp.error)}` : null} />
        <Field label="Shop name" error={errors.name?.message}>
          {(a) => <Input autoComplete="organization" maxLength={120} {...a} {...form.register('name')} />}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Shop type</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {TYPES.map(([value, label]) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border-2 p-3 ${
                  type === value ? 'border-blue-700 bg-blue-50' : 'border-slate-200'
                }`}
              >
                <input type="radio" value={value} className="h-4 w-4 accent-blue-700" {...form.register('type')} />
                <span className="font-medium">{label}</span>
              </label>
            ))}
          </div>
          {errors.type && <p className="mt-1 text-sm font-medium text-red-700">{errors.type.message}</p>}
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={setUp.isPending}>
          {setUp.isPending ? 'Creating shop…' : 'Continue to Plans'}
        </Button>
      </form>
    </OnboardingShell>
  );
}
