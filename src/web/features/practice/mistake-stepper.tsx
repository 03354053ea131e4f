import { ChevronLeft, ChevronRight } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { ReviewItem } from '../../../domain/contracts/practice';
import { Button } from '../../components/ui/button';
import { pick, StemText, useItemLanguage } from '../item-language';
import { ActionBar } from './action-bar';
import { MISTAKE_PARAM } from './results-review';
import { ReviewedAnswers, Verdict } from './reviewed-question';

/** Set on the history entry the results' "Step through mistakes" opened, so Back to results is Back. */
interface StepState {
  fromResults?: boolean;
}

/**
 * "Step through mistakes": the missed questions one a screen, with the runner's bottom bar
 * (Previous · Back to results · Next). Each step replaces the history entry, so the phone's Back leaves
 * the steps for the results as they were left, and Back from a study link returns to the same mistake.
 */
export function MistakeStepper({ title, missed, index }: { title: string; missed: ReviewItem[]; index: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as StepState;
  const english = missed[index] as ReviewItem;
  const itemLanguage = useItemLanguage(english.questionId, english.es !== null);
  const item = { ...english, ...pick(itemLanguage.language, english, english.es) };
  const last = index === missed.length - 1;

  const go = (to: number) => {
    const search = new URLSearchParams(location.search);
    search.set(MISTAKE_PARAM, String(to + 1));
    void navigate({ search: `?${search}` }, { replace: true, state });
  };
  const backToResults = () => {
    if (state.fromResults) {
      void navigate(-1);
      return;
    }
    const search = new URLSearchParams(location.search);
    search.delete(MISTAKE_PARAM);
    void navigate({ search: search.size > 0 ? `?${search}` : '' }, { replace: true });
  };

  return (
    <div className="pb-24">
      <section
        aria-labelledby="mistake-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <p className="text-sm font-semibold text-blue-800">{title}</p>
        <h1 id="mistake-title" className="mt-1 text-xl font-bold">
          <FormattedMessage id="practice.mistakes.title" values={{ n: index + 1, total: missed.length }} />
        </h1>
        <p className="mt-4 flex items-start gap-2 text-lg" lang={itemLanguage.language}>
          <Verdict correct={item.correct} />
          <span>
            <span className="font-semibold">{item.position + 1}.</span>{' '}
            <StemText text={item.question} language={itemLanguage.language} />
          </span>
        </p>
        <div className="mt-4">
          <ReviewedAnswers item={item} itemLanguage={itemLanguage} />
        </div>
      </section>
      <ActionBar label={intl.formatMessage({ id: 'practice.mistakes.actions' })}>
        <Button
          variant="secondary"
          className="min-h-12 px-3"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={intl.formatMessage({ id: 'practice.previous' })}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          <span className="hidden sm:inline">
            <FormattedMessage id="practice.previous" />
          </span>
        </Button>
        <Button variant={last ? 'primary' : 'secondary'} className="min-h-12 flex-1 px-3" onClick={backToResults}>
          <FormattedMessage id="practice.mistakes.backToResults" />
        </Button>
        {!last && (
          <Button className="min-h-12 flex-1 px-3" onClick={() => go(index + 1)}>
            <FormattedMessage id="practice.next" />
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </Button>
        )}
      </ActionBar>
    </div>
  );
}
