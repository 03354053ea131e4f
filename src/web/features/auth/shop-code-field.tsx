import { CircleCheck, CircleX } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import type { SignUpRequest } from '../../../domain/contracts/auth';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/form';
import { useShopCodeLookup } from './api';

/** The sign-up refusals that are about the code itself: shown at the field, not at the top of the form. */
export const SHOP_CODE_ERRORS = new Set(['SHOP_NOT_FOUND', 'SHOP_CODE_TAKEN']);

/**
 * The sign-up form's shop code. A technician sees, once the code is complete, which shop it
 * leads to (0/O and 1/I/L read alike) or that it leads to none; a code the server refused is marked at the
 * field (the form puts focus there) with a way to create the account without joining a shop.
 */
export function ShopCodeField({
  form,
  role,
  pending,
  onCreateWithoutShop,
}: {
  form: UseFormReturn<SignUpRequest>;
  role: SignUpRequest['role'];
  pending: boolean;
  onCreateWithoutShop: () => void;
}) {
  const error = form.formState.errors.shopCode;
  const code = form.watch('shopCode') ?? '';
  const lookup = useShopCodeLookup(code, role === 'tech');
  const refused = error?.type === 'server' && role === 'tech';
  return (
    <div className="space-y-3">
      <Field
        label={<FormattedMessage id={role === 'manager' ? 'auth.shopCode' : 'auth.shopCodeOptional'} />}
        error={error?.message}
        hint={
          <>
            <FormattedMessage id={role === 'manager' ? 'auth.shopCode.managerHint' : 'auth.shopCode.techHint'} />
            {/* A live region from the start, so the answer is announced when it arrives. */}
            <span role="status" className="mt-1 block text-sm font-medium">
              {role === 'tech' && !error && <CodeCheck lookup={lookup} />}
            </span>
          </>
        }
      >
        {(a) => (
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            className="uppercase"
            {...a}
            {...form.register('shopCode')}
          />
        )}
      </Field>
      {refused && (
        <div className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <Button
            variant="secondary"
            className="w-full text-center whitespace-normal!"
            disabled={pending}
            onClick={onCreateWithoutShop}
          >
            <FormattedMessage id="auth.signUp.withoutShop" />
          </Button>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="auth.signUp.joinLater" />
          </p>
        </div>
      )}
    </div>
  );
}

/** At the top of a form opened from an invite link: the shop it is from, once the code is read. */
export function InviteNote({ code }: { code: string }) {
  const lookup = useShopCodeLookup(code, true);
  const shop = lookup.data?.shop;
  if (!shop) return null;
  return (
    <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-950 ring-1 ring-blue-200">
      <FormattedMessage id="auth.invite.note" values={{ name: shop.name }} />
    </p>
  );
}

function CodeCheck({ lookup }: { lookup: ReturnType<typeof useShopCodeLookup> }) {
  if (lookup.fetchStatus === 'idle' && lookup.isPending) return null;
  if (lookup.isPending) {
    return (
      <span className="text-slate-700">
        <FormattedMessage id="auth.shopCode.checking" />
      </span>
    );
  }
  // A failed check says nothing: the code is still checked when the account is created.
  if (lookup.error) return null;
  const shop = lookup.data?.shop;
  return shop ? (
    <span className="inline-flex items-center gap-1 text-green-800">
      <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
      <FormattedMessage id="auth.shopCode.found" values={{ name: shop.name }} />
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-red-700">
      <CircleX className="h-4 w-4 shrink-0" aria-hidden="true" />
      <FormattedMessage id="auth.shopCode.none" />
    </span>
  );
}
