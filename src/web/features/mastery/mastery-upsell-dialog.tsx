import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink } from '../../components/ui/button';
import { DialogClose, DialogFrame } from '../../components/ui/dialog-frame';
import { MasteryFeatureList, MasteryPrice, PremiumBadge, SubscribeButton } from '../adaptive-mastery';

/**
 * The premium upsell (docs/PRODUCT.md#mastery-levels-and-readiness): shown when the access check denies 'mastery'. The offer and
 * Subscribe are Adaptive Mastery's own ($19.99/month, the personal checkout); Close leaves the page usable.
 */
export function MasteryUpsellDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:p-8"
      badge={<PremiumBadge />}
      closeLabel={intl.formatMessage({ id: 'mastery.upsell.closeIcon' })}
      title={<FormattedMessage id="mastery.upsell.title" />}
      titleClassName="mt-3 text-xl font-bold"
      description={<FormattedMessage id="mastery.upsell.description" />}
      descriptionClassName="mt-1 text-slate-700"
    >
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
        <DialogClose asChild>
          <Button variant="secondary" className="min-h-11">
            <FormattedMessage id="mastery.upsell.close" />
          </Button>
        </DialogClose>
      </div>
    </DialogFrame>
  );
}
