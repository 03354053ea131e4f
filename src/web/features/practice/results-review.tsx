import { ChevronDown, ListChecks } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import type { ReviewItem } from '../../../domain/contracts/practice';
import { ButtonLink } from '../../components/ui/button';
import { useEntryState } from '../../lib/use-entry-state';
import { pick, StemText, useItemLanguage } from '../item-language';
import { ReviewedAnswers, Verdict } from './reviewed-question';

/** The search parameter of the one-mistake-a-screen view (its position among the missed, from 1). */
export const MISTAKE_PARAM = 'mistake';

/**
 * The question review under the results: each question is one line, its ✓/✗ and its stem, and
 * opens on a tap to the choices, the explanation and the study link, so 20 questions (or a simulation's 55)
 * fit a few screens; "Step through mistakes" shows the missed ones a screen each. The filter and the open
 * cards belong to the history entry, so Back from a study link finds the page as it was left.
 */
export function ResultsReview({ items, missedCount }: { items: ReviewItem[]; missedCount: number }) {
  const location = useLocation();
  const [filter, setFilter] = useEntryState<'missed' | 'all'>(
    'results-review-filter',
    missedCount > 0 ? 'missed' : 'all',
  );
  const [open, setOpen] = useEntryState<number[]>('results-review-open', []);
  const shown = filter === 'missed' ? items.filter((i) => !i.correct) : items;
  const toggle = (position: number) =>
    setOpen(open.includes(position) ? open.filter((p) => p !== position) : [...open, position]);
  const stepThrough = new URLSearchParams(location.search);
  stepThrough.set(MISTAKE_PARAM, '1');
  return (
    <section aria-labelledby="review-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-title" className="text-lg font-semibold">
          <FormattedMessage id="practice.review.title" />
        </h2>
        <div className="flex gap-2">
          {(['missed', 'all'] as const).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ${filter === f ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
            >
              <FormattedMessage
                id={f === 'missed' ? 'practice.review.missed' : 'practice.review.all'}
                values={{ count: f === 'missed' ? missedCount : items.length }}
              />
            </button>
          ))}
        </div>
      </div>
      {missedCount > 0 && (
        <ButtonLink
          id="review-step-through"
          to={{ search: `?${stepThrough}` }}
          state={{ fromResults: true }}
          variant="secondary"
          className="mt-4 w-full sm:w-auto"
        >
          <ListChecks className="h-5 w-5" aria-hidden="true" />
          <FormattedMessage id="practice.review.stepThrough" values={{ count: missedCount }} />
        </ButtonLink>
      )}
      {shown.length === 0 ? (
        <p className="mt-4 text-slate-700">
          <FormattedMessage id="practice.review.noneMissed" />
        </p>
      ) : (
        <ol className="mt-4 space-y-3">
          {shown.map((item) => (
            <CollapsedCard
              key={item.position}
              item={item}
              open={open.includes(item.position)}
              onToggle={() => toggle(item.position)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** One reviewed question: a button with its ✓/✗ and stem that opens the rest below it. */
function CollapsedCard({ item: english, open, onToggle }: { item: ReviewItem; open: boolean; onToggle: () => void }) {
  const itemLanguage = useItemLanguage(english.questionId, english.es !== null);
  const words = pick(itemLanguage.language, english, english.es);
  const item = { ...english, ...words };
  const detailsId = `review-item-${item.position}`;
  return (
    <li className="rounded-xl border border-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        onClick={onToggle}
        className="flex min-h-12 w-full items-start gap-2 rounded-xl p-3 text-left hover:bg-slate-50 sm:p-4"
      >
        <Verdict correct={item.correct} />
        <span lang={itemLanguage.language} className={`min-w-0 flex-1 ${open ? '' : 'line-clamp-2'}`}>
          <span className="font-semibold">{item.position + 1}.</span>{' '}
          <StemText text={item.question} language={itemLanguage.language} />
          {!item.scored && (
            <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              <FormattedMessage id="practice.simulation.unscoredItem" />
            </span>
          )}
        </span>
        <ChevronDown
          className={`mt-0.5 h-5 w-5 shrink-0 text-slate-600 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div id={detailsId} className="px-3 pb-3 sm:px-4 sm:pb-4">
          <ReviewedAnswers item={item} itemLanguage={itemLanguage} />
        </div>
      )}
    </li>
  );
}
