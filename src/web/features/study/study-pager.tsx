import { ChevronLeft, ChevronRight } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink } from '../../components/ui/button';

/** "Next" on a phone, "Next Section" from sm up; the accessible name is always the full label. */
function PagerLabel({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span className="sm:hidden">
        <FormattedMessage id={short} />
      </span>
      <span className="hidden sm:inline">
        <FormattedMessage id={full} />
      </span>
    </>
  );
}

/**
 * The guide's fixed bottom bar: Previous Section on the left and Next Section on the right, always in the same
 * place; after the last section, Finish (back to the guides).
 */
export function StudyPager({ previousHref, nextHref }: { previousHref?: string; nextHref?: string }) {
  const intl = useIntl();
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'study.pager' })}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2 lg:pl-[calc(18rem+2.5rem)]">
        {previousHref ? (
          <ButtonLink
            to={previousHref}
            variant="secondary"
            className="min-h-12 px-3"
            aria-label={intl.formatMessage({ id: 'study.previous' })}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            <PagerLabel short="study.previousShort" full="study.previous" />
          </ButtonLink>
        ) : (
          <Button
            variant="secondary"
            className="min-h-12 px-3"
            disabled
            aria-label={intl.formatMessage({ id: 'study.previous' })}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            <PagerLabel short="study.previousShort" full="study.previous" />
          </Button>
        )}
        {nextHref ? (
          <ButtonLink to={nextHref} className="min-h-12 px-4" aria-label={intl.formatMessage({ id: 'study.next' })}>
            <PagerLabel short="study.nextShort" full="study.next" />
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </ButtonLink>
        ) : (
          <ButtonLink to="/app/study" className="min-h-12 px-4">
            <FormattedMessage id="study.finish" />
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </ButtonLink>
        )}
      </div>
    </nav>
  );
}
