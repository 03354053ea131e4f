import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LETTERS, type Letter } from '../../../domain/content/letters';
import type { ReviewAnswerResult } from '../../../domain/contracts/review';
import { AnswerFeedback } from '../../components/answer-feedback';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useAreaName } from '../../i18n/area-name';
import { beforeFullStop } from '../../i18n/full-stop';
import { useErrorText } from '../../i18n/i18n-provider';
import { ExhibitSlot, ItemToolbar, pick, StemText, speechOf, useItemLanguage, withExhibit } from '../item-language';
import { ActionBar, AnswerOption } from '../practice';
import { ReportQuestionButton } from '../question-report';
import { useAnswerReviewCard, useDeckSummary, useReviewSession } from './api';

const DIFFICULTY = {
  easy: 'review.difficulty.easy',
  medium: 'review.difficulty.medium',
  hard: 'review.difficulty.hard',
} as const;

/**
 * A review session: up to 20 due cards, oldest due first, one at a time. Each choice is sent
 * at once; the answer, the explanation and why each wrong option is wrong come back, and FSRS has already
 * rescheduled the card. Test scores are untouched. Reuses the runner's answer cards and bottom bar.
 */
export default function ReviewSessionPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  // The content area in the reader's language, as the results and mastery pages show it (this page loads `practice`).
  const areaName = useAreaName();
  const session = useReviewSession();
  const summary = useDeckSummary();
  const answer = useAnswerReviewCard();
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<Letter | null>(null);
  const [result, setResult] = useState<ReviewAnswerResult | null>(null);
  const [rightCount, setRightCount] = useState(0);
  const questionRef = useRef<HTMLLegendElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);

  const cards = session.data?.cards ?? [];
  const card = cards[index];
  const itemLanguage = useItemLanguage(card?.questionId ?? '', Boolean(card?.es));
  const words = card ? pick(itemLanguage.language, card, card.es) : undefined;
  const resultWords = result ? pick(itemLanguage.language, result, result.es) : undefined;
  const finished = session.data !== undefined && index >= cards.length;

  const shown = useRef(index);
  useLayoutEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    window.scrollTo({ top: 0, behavior: 'instant' });
    questionRef.current?.focus({ preventScroll: true });
  }, [index]);
  useEffect(() => {
    if (result) feedbackRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [result]);

  const choose = (letter: Letter) => {
    if (!card || result || answer.isPending) return;
    setChosen(letter);
    answer.mutate(
      { questionId: card.questionId, answer: letter },
      {
        onSuccess: (r) => {
          setResult(r);
          if (r.correct) setRightCount((n) => n + 1);
        },
      },
    );
  };
  const reviewAgain = async () => {
    await session.refetch();
    setIndex(0);
    setRightCount(0);
    setChosen(null);
    setResult(null);
    answer.reset();
  };
  const next = () => {
    setIndex((i) => i + 1);
    setChosen(null);
    setResult(null);
    answer.reset();
  };

  return (
    <div className="min-h-screen bg-slate-50 pb-28">
      <TechHeader tabs={false} />
      <main className="mx-auto max-w-3xl px-4 pt-4 sm:pt-6">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="review.session.title" />
        </h1>
        {session.isPending && <Spinner />}
        {session.error && <ErrorBox message={errorText(session.error)} />}

        {session.data && cards.length === 0 && (
          <section className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <p>
              <FormattedMessage id="review.session.nothingDue" />
            </p>
          </section>
        )}

        {finished && cards.length > 0 && (
          <section
            aria-labelledby="review-done-title"
            className="mt-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="review-done-title" className="text-xl font-bold">
              <FormattedMessage id="review.session.doneTitle" />
            </h2>
            <p className="mt-2 text-slate-800">
              <FormattedMessage id="review.session.doneBody" values={{ right: rightCount, total: cards.length }} />
            </p>
            {summary.data && (
              <p className="mt-1 text-slate-700">
                <FormattedMessage id="review.session.stillDue" values={{ count: summary.data.dueNow }} />
              </p>
            )}
            {summary.data && summary.data.dueNow > 0 && (
              <Button variant="secondary" className="mt-4" onClick={() => void reviewAgain()}>
                <FormattedMessage id="review.session.again" />
              </Button>
            )}
          </section>
        )}

        {card && (
          <section aria-labelledby="review-question" className="mt-4">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
              <span>
                <FormattedMessage id="review.session.progress" values={{ current: index + 1, total: cards.length }} />
              </span>
              <span>
                {card.categoryCode} · {areaName(card.categoryCode, card.contentArea)} ·{' '}
                <FormattedMessage id={DIFFICULTY[card.difficulty]} />
              </span>
            </div>
            <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <ItemToolbar
                state={itemLanguage}
                speech={speechOf(
                  withExhibit((words ?? card).question, (words ?? card).exhibit),
                  (words ?? card).options,
                  [resultWords?.explanation ?? null],
                )}
              />
              <fieldset lang={itemLanguage.language}>
                <legend
                  id="review-question"
                  ref={questionRef}
                  tabIndex={-1}
                  data-route-focus
                  className="text-lg leading-relaxed text-slate-900 focus:outline-none sm:text-xl"
                >
                  <StemText text={(words ?? card).question} language={itemLanguage.language} />
                </legend>
                <ExhibitSlot exhibit={(words ?? card).exhibit} />
                <div className="mt-5 space-y-3">
                  {LETTERS.map((letter) => (
                    <AnswerOption
                      key={letter}
                      name={`review-${card.questionId}`}
                      letter={letter}
                      text={(words ?? card).options[letter]}
                      checked={chosen === letter}
                      revealed={result !== null}
                      isKey={result?.correctAnswer === letter}
                      locked={chosen !== null}
                      disabled={answer.isPending || (chosen !== null && chosen !== letter)}
                      final
                      onChoose={() => choose(letter)}
                    />
                  ))}
                </div>
              </fieldset>
              <div className="mt-4">
                <ErrorBox message={answer.error ? errorText(answer.error) : null} />
              </div>
              {result && (
                <AnswerFeedback
                  ref={feedbackRef}
                  className="mt-5 scroll-mb-36"
                  correct={result.correct}
                  verdict={
                    <FormattedMessage
                      id={result.correct ? 'review.session.correct' : 'review.session.incorrect'}
                      values={{ letter: result.correctAnswer }}
                    />
                  }
                  explanation={(resultWords ?? result).explanation}
                  whyWrong={LETTERS.flatMap((l) => {
                    const why = (resultWords ?? result).whyWrong[l];
                    return why ? [[l, why] as const] : [];
                  })}
                  whyWrongId="review.session.whyWrong"
                  language={itemLanguage.language}
                >
                  <p className="mt-3 text-sm text-slate-700">
                    <FormattedMessage
                      id={result.correct ? 'review.session.pushedOut' : 'review.session.comesBack'}
                      values={{
                        when: beforeFullStop(
                          intl.formatDate(result.nextDueAt, { dateStyle: 'medium', timeStyle: 'short' }),
                        ),
                      }}
                    />
                  </p>
                </AnswerFeedback>
              )}
              {result && (
                <div className="mt-3 flex justify-end">
                  <ReportQuestionButton questionId={card.questionId} />
                </div>
              )}
            </div>
          </section>
        )}
      </main>

      <ActionBar label={intl.formatMessage({ id: 'review.session.actions' })}>
        {finished || cards.length === 0 ? (
          <ButtonLink to="/app" className="min-h-14 flex-1 text-base">
            <FormattedMessage id="review.session.backToDashboard" />
          </ButtonLink>
        ) : (
          <Button className="min-h-14 flex-1 text-base" onClick={next} disabled={!result}>
            <FormattedMessage id={index === cards.length - 1 ? 'review.session.finish' : 'review.session.next'} />
          </Button>
        )}
      </ActionBar>
    </div>
  );
}
