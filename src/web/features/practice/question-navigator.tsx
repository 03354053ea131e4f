import { Flag } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Letter } from '../../../domain/content/letters';
import { Button } from '../../components/ui/button';

/**
 * The question grid with its legend (answered, not answered, flagged, current), "Review flagged (n)"
 * and the submit action: the sidebar on a desktop, the bottom sheet on a phone.
 */
export function QuestionNavigator({
  isExam,
  answers,
  flags,
  current,
  onGo,
  onReviewFlagged,
  submit,
  sheet = false,
}: {
  isExam: boolean;
  answers: readonly (Letter | null)[];
  flags: readonly boolean[];
  current: number;
  onGo: (index: number) => void;
  onReviewFlagged: () => void;
  submit: React.ReactNode;
  /** In the phone's bottom sheet: the actions stick to its bottom edge, in view below a long grid. */
  sheet?: boolean;
}) {
  const intl = useIntl();
  const total = answers.length;
  const answered = answers.filter((a) => a !== null).length;
  const flagged = flags.filter(Boolean).length;
  return (
    <div className="space-y-4">
      <ul
        className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-800"
        aria-label={intl.formatMessage({ id: 'practice.nav.legend' })}
      >
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-4 w-4 rounded bg-blue-700" />
          <FormattedMessage id="practice.nav.answered" />
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-4 w-4 rounded bg-white ring-1 ring-slate-400" />
          <FormattedMessage id="practice.nav.notAnswered" />
        </li>
        {isExam && (
          <li className="flex items-center gap-1.5">
            <Flag aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-700" />
            <FormattedMessage id="practice.nav.flagged" />
          </li>
        )}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-4 w-4 rounded bg-white ring-2 ring-slate-900 ring-offset-1" />
          <FormattedMessage id="practice.nav.current" />
        </li>
      </ul>
      <ol className="grid grid-cols-6 gap-2 sm:grid-cols-10 lg:grid-cols-5">
        {answers.map((answer, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one fixed slot per question position
          <li key={i}>
            <button
              type="button"
              onClick={() => onGo(i)}
              aria-label={intl.formatMessage(
                { id: 'practice.nav.status' },
                { number: i + 1, answered: answer !== null, flagged: flags[i] },
              )}
              aria-current={i === current ? 'step' : undefined}
              className={`relative flex h-11 w-full items-center justify-center rounded-lg text-sm font-semibold ${
                answer ? 'bg-blue-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-400'
              } ${i === current ? 'ring-2 ring-slate-900 ring-offset-2 underline decoration-2 underline-offset-2' : ''}`}
            >
              {i + 1}
              {flags[i] && (
                <Flag
                  aria-hidden="true"
                  className="absolute top-0.5 right-0.5 h-3.5 w-3.5 fill-amber-400 text-amber-700"
                />
              )}
            </button>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-800">
        <FormattedMessage
          id={isExam ? 'practice.nav.countsExam' : 'practice.nav.counts'}
          values={{ answered, unanswered: total - answered, flagged }}
        />
      </p>
      <div
        className={
          sheet
            ? 'sticky bottom-0 -mx-4 space-y-3 border-t border-slate-200 bg-white px-4 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))]'
            : 'space-y-4'
        }
      >
        {isExam && flagged > 0 && (
          <Button variant="secondary" size="sm" className="w-full" onClick={onReviewFlagged}>
            <Flag className="h-4 w-4 fill-amber-400 text-amber-700" aria-hidden="true" />
            <FormattedMessage id="practice.nav.reviewFlagged" values={{ count: flagged }} />
          </Button>
        )}
        {submit}
      </div>
    </div>
  );
}
