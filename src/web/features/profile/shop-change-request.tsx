import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { SHOP_CODE_INPUT_MAX } from '../../../domain/constants';
import { NOTES_MAX } from '../../../domain/contracts/manager';
import { type ShopChangeRequestInput, shopChangeRequestSchema } from '../../../domain/contracts/profile';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input, Textarea } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { useCancelShopRequest, usePendingShopRequest, useRequestShopChange } from './api';

/**
 * Shop change request (docs/PRODUCT.md#shops): one pending request at a time, shown with Cancel; otherwise a shop
 * code (required, upper-cased as typed, at most 20 characters) and optional notes.
 */
export function ShopChangeRequest() {
  const intl = useIntl();
  const errorText = useErrorText();
  const pending = usePendingShopRequest();
  const request = useRequestShopChange();
  const cancel = useCancelShopRequest();
  const form = useForm<ShopChangeRequestInput>({
    resolver: zodResolver(shopChangeRequestSchema),
    defaultValues: { shopCode: '', notes: '' },
  });
  const { errors } = form.formState;

  if (pending.isPending) return <Spinner />;
  if (pending.error) {
    return (
      <div className="space-y-3">
        <ErrorBox message={errorText(pending.error)} />
        <Button variant="secondary" className="min-h-11" onClick={() => void pending.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  }

  if (pending.data) {
    const current = pending.data;
    return (
      <div className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
        <p className="font-semibold text-amber-950">
          <FormattedMessage id="profile.request.pendingTitle" />
        </p>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-700">
            <FormattedMessage id="profile.request.code" />
          </dt>
          <dd className="font-mono font-semibold">{current.requestedShopCode}</dd>
          {current.shopName && (
            <>
              <dt className="text-slate-700">
                <FormattedMessage id="profile.request.shop" />
              </dt>
              <dd>{current.shopName}</dd>
            </>
          )}
          <dt className="text-slate-700">
            <FormattedMessage id="profile.request.sent" />
          </dt>
          <dd>{intl.formatDate(current.requestedAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
          {current.notes && (
            <>
              <dt className="text-slate-700">
                <FormattedMessage id="profile.request.notes" />
              </dt>
              <dd>{current.notes}</dd>
            </>
          )}
        </dl>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(current.id, {
              onSuccess: () => toast.success(intl.formatMessage({ id: 'profile.request.cancelled' })),
              onError: (error) =>
                toast.error(intl.formatMessage({ id: 'profile.request.cancelFailed' }, { reason: errorText(error) })),
            })
          }
        >
          <FormattedMessage id="profile.request.cancel" />
        </Button>
      </div>
    );
  }

  const shopCode = form.register('shopCode');
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        request.mutate(values, {
          onSuccess: () => {
            form.reset({ shopCode: '', notes: '' });
            toast.success(intl.formatMessage({ id: 'profile.request.submitted' }));
          },
        }),
      )}
    >
      <p className="text-sm text-slate-700">
        <FormattedMessage id="profile.request.intro" />
      </p>
      <ErrorBox message={request.error ? errorText(request.error) : null} />
      <Field label={<FormattedMessage id="profile.request.code" />} error={errors.shopCode?.message}>
        {(a) => (
          <Input
            {...a}
            {...shopCode}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={SHOP_CODE_INPUT_MAX}
            className="font-mono uppercase"
            onChange={(event) => {
              // Upper-cased as typed (docs/PRODUCT.md#shops).
              event.target.value = event.target.value.toUpperCase();
              void shopCode.onChange(event);
            }}
          />
        )}
      </Field>
      <Field
        label={<FormattedMessage id="profile.request.notes" />}
        hint={<FormattedMessage id="profile.request.notesHint" />}
        error={errors.notes?.message}
      >
        {(a) => <Textarea {...a} rows={3} maxLength={NOTES_MAX} {...form.register('notes')} />}
      </Field>
      <Button type="submit" className="min-h-12" disabled={request.isPending}>
        <FormattedMessage id={request.isPending ? 'profile.request.sending' : 'profile.request.submit'} />
      </Button>
    </form>
  );
}
