import { Copy, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { useBrowserValue } from '../../lib/use-browser-value';
import { COPIED_MESSAGE_MS } from '../profile';

/** The sign-up page with the shop's code filled in: what a manager sends a technician. */
export function inviteLink(origin: string, shopCode: string): string {
  return `${origin}/sign-up?shop=${encodeURIComponent(shopCode)}`;
}

type Outcome = 'idle' | 'copied' | 'copyFailed' | 'shareFailed';

/**
 * The shop code on the dashboard with Copy and Share of an invite link, so a manager on a phone
 * never has a technician retype a 10-character code. Share (the Web Share API: Messages, WhatsApp, e-mail …)
 * shows only where the browser has it; Copy works everywhere.
 */
export function ShopInvite({ shopCode, shopName }: { shopCode: string; shopName: string }) {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [canShare] = useBrowserValue(() => typeof navigator.share === 'function', false);
  const link = () => inviteLink(window.location.origin, shopCode);
  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), COPIED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link());
      setOutcome('copied');
    } catch {
      setOutcome('copyFailed');
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        title: intl.formatMessage({ id: 'manager.invite.shareTitle' }, { shop: shopName }),
        text: intl.formatMessage({ id: 'manager.invite.shareText' }, { shop: shopName, code: shopCode }),
        url: link(),
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== 'AbortError') setOutcome('shareFailed');
    }
  };

  return (
    <div className="w-full space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:w-auto">
      <p className="text-sm text-slate-700">
        <FormattedMessage
          id="manager.shopCode"
          values={{
            code: (
              <span className="font-mono text-lg font-bold tracking-widest text-slate-900" translate="no">
                {shopCode}
              </span>
            ),
          }}
        />
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id="manager.invite.copy" />
        </Button>
        {canShare && (
          <Button variant="secondary" size="sm" onClick={() => void share()}>
            <Share2 className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage id="manager.invite.share" />
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-600">
        <FormattedMessage id="manager.invite.hint" />
      </p>
      <p role="status" className="min-h-5 text-sm font-medium text-green-800">
        {outcome === 'copied' && <FormattedMessage id="manager.invite.copied" />}
        {(outcome === 'copyFailed' || outcome === 'shareFailed') && (
          <span className="break-all text-red-700">
            <FormattedMessage id="manager.invite.failed" values={{ link }} />
          </span>
        )}
      </p>
    </div>
  );
}
