import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink } from '../../components/ui/button';
import { useFocusReturn } from '../../components/ui/focus-return';
import { MasteryFeatureList, MasteryPrice, PremiumBadge, SubscribeButton } from '../adaptive-mastery';

/**
 * The premium upsell (docs/PRODUCT.md#mastery-levels-and-readiness): shown when the access check denies 'mastery'. The offer and
 * Subscribe are Adaptive Mastery's own ($19.99/month, the personal checkout); Close leaves the page usable.
 */
export function MasteryUpsellDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  const returnFocus = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:p-8"
        >
          <div className="flex items-start justify-between gap-3">
            <PremiumBadge />
            <Dialog.Close asChild>
              <Button
                variant="ghost"
                className="-mt-2 -mr-2 h-11 w-11 p-0"
                aria-label={intl.formatMessage({ id: 'mastery.upsell.closeIcon' })}
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Title className="mt-3 text-xl font-bold">
            <FormattedMessage id="mastery.upsell.title" />
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-700">
            <FormattedMessage id="mastery.upsell.description" />
          </Dialog.Description>
          <div className="mt-4">
            <MasteryPrice />
          </div>
          <div className="mt-5">
            <MasteryFeatureList />
          </div>
          <SubscribeButton className="mt-6" />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <ButtonLink to="/app/adaptive-mastery" variant="ghost" className="min-h-11">
              <FormattedMessage id="mastery.upsell.more" />
            </ButtonLink>
            <Dialog.Close asChild>
              <Button variant="secondary" className="min-h-11">
                <FormattedMessage id="mastery.upsell.close" />
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
