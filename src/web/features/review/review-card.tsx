import { Repeat } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { expectedMinutes } from '../../../domain/review-pace';
import { Button, ButtonLink } from '../../components/ui/button';
import { beforeFullStop } from '../../i18n/full-stop';
import { useDeckSummary } from './api';

/**
 * The dashboard's "Review — N due" card: Start Review when cards are due; otherwise the button
 * stays, disabled, with the reason (nothing missed yet, or when the next card is due).
 */
export function ReviewDueCard() {
  const intl = useIntl();
  const summary = useDeckSummary();
  const data = summary.data;
  const due = data?.dueNow ?? 0;
  const reasonId = 'review-card-reason';
  return (
    <section
      aria-labelledby="review-card-title"
      className="flex flex-wrap items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <span
        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${due > 0 ? 'bg-blue-100 text-blue-800' : 'bg-slate-100 text-slate-500'}`}
      >
        <Repeat className="h-6 w-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="review-card-title" className="text-lg font-bold">
          <FormattedMessage id="review.card.title" values={{ count: due }} />
        </h2>
        {summary.error && (
          <p className="text-sm text-red-800">
            <FormattedMessage id="review.card.error" />
          </p>
        )}
        {data && (
          <p id={reasonId} className="text-sm text-slate-700">
            {due > 0 ? (
              <>
                {/* How long the review takes, before it is started. */}
                <span className="font-semibold text-slate-900">
                  <FormattedMessage id="review.card.minutes" values={{ minutes: expectedMinutes(due) }} />
                </span>{' '}
                <FormattedMessage id="review.card.ready" />
              </>
            ) : data.total === 0 ? (
              <FormattedMessage id="review.card.empty" />
            ) : (
              <FormattedMessage
                id="review.card.nextDue"
                values={{
                  when: data.nextDueAt
                    ? beforeFullStop(intl.formatDate(data.nextDueAt, { dateStyle: 'medium', timeStyle: 'short' }))
                    : '',
                }}
              />
            )}
          </p>
        )}
      </div>
      {due > 0 ? (
        <ButtonLink to="/app/review" className="w-full sm:w-auto">
          <FormattedMessage id="review.card.start" />
        </ButtonLink>
      ) : (
        <Button disabled aria-describedby={reasonId} className="w-full sm:w-auto">
          <FormattedMessage id="review.card.start" />
        </Button>
      )}
    </section>
  );
}
