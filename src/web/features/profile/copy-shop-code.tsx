import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/ui/button';

/** 'Shop code copied to clipboard!', gone after 3 seconds. */
export const COPIED_MESSAGE_MS = 3000;

export function CopyShopCode({ code }: { code: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-lg bg-slate-100 px-4 py-2 font-mono text-2xl font-bold tracking-widest" translate="no">
          {code}
        </span>
        <Button variant="secondary" className="min-h-11" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id="profile.copyShopCode" />
        </Button>
      </div>
      <p role="status" className="min-h-6 text-sm font-medium text-green-800">
        {state === 'copied' && <FormattedMessage id="profile.shopCodeCopied" />}
        {state === 'failed' && (
          <span className="text-red-700">
            <FormattedMessage id="profile.copyFailed" />
          </span>
        )}
      </p>
    </div>
  );
}
