import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { useErrorText } from '../../../i18n/i18n-provider';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBrowserValue } from '../../../lib/use-browser-value';
import { forgetFreeTest, readFinishedFreeTest } from '../../free-test';
import { useImportFreeTest } from '../../practice';

/**
 * The free test taken before signing up, offered to the new account while the server still takes it
 * (`importOpen`: not saved yet, and within FREE_TEST_IMPORT_DAYS of sign-up, docs/PRODUCT.md#tests).
 */
export function FreeTestOffer({ importOpen }: { importOpen: boolean }) {
  const intl = useIntl();
  const errorText = useErrorText();
  // In this browser's storage, which the server rendering the dashboard cannot see.
  const [saved, setSaved] = useBrowserValue(readFinishedFreeTest, null);
  const importTest = useImportFreeTest();
  useEffect(() => {
    // Saved already, or too late: this account will never take it, so the browser need not keep it.
    if (!importOpen && saved) forgetFreeTest();
  }, [importOpen, saved]);
  if (!saved || !importOpen) return null;
  const dismiss = () => {
    forgetFreeTest();
    setSaved(null);
  };
  return (
    <section
      aria-labelledby="free-test-offer-title"
      className="rounded-xl bg-green-50 p-4 ring-1 ring-green-200 sm:p-5"
    >
      <h2 id="free-test-offer-title" className="font-semibold text-green-950">
        <FormattedMessage id="tech.freeTest.title" />
      </h2>
      <p className="mt-1 text-sm text-green-950">
        <FormattedMessage
          id="tech.freeTest.body"
          values={{
            correct: saved.result.correct,
            total: saved.result.total,
            score: intl.formatNumber(saved.result.score / 100, { style: 'percent' }),
          }}
        />
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          disabled={importTest.isPending}
          onClick={() =>
            importTest.mutate(saved.answers, {
              onSuccess: () => {
                toast.success(intl.formatMessage({ id: 'tech.freeTest.added' }));
                dismiss();
              },
              onError: (error) => {
                // Saved meanwhile (another tab), or the window closed while the page was open: the offer goes.
                if (
                  error instanceof ApiError &&
                  (error.code === 'FREE_TEST_SAVED' || error.code === 'FREE_TEST_TOO_LATE')
                ) {
                  dismiss();
                }
                toast.error(errorText(error));
              },
            })
          }
        >
          <FormattedMessage id="tech.freeTest.add" />
        </Button>
        <Button variant="secondary" onClick={dismiss}>
          <FormattedMessage id="tech.freeTest.dismiss" />
        </Button>
      </div>
    </section>
  );
}
