import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, Timer } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LETTERS, type Letter } from '../../../domain/content/letters';
import type { AttemptView } from '../../../domain/contracts/master-challenge';
import { isSuspicious, MC_URGENT_SECONDS, violationCount } from '../../../domain/master-challenge';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { ExhibitSlot, ItemToolbar, pick, StemText, speechOf, useItemLanguage, withExhibit } from '../item-language';
import { challengeKeys, postAnswer } from './api';
import { useAntiCheat } from './use-anti-cheat';
import { useQuestionTimer } from './use-question-timer';

/** A new question starts at the top of the page, its heading focused. */
const focusOnMount = (element: HTMLElement | null) => {
  if (!element) return;
  window.scrollTo(0, 0);
  element.focus({ preventScroll: true });
};

type Running = AttemptView & { current: NonNullable<AttemptView['current']> };

interface FailedAnswer {
  error: unknown;
  order: number;
  letter: Letter;
  final: boolean;
}

/**
 * The question screen: one question at a time, progress (current+1)/30, the question's timer (10 s, more
 * for a long stem; urgent at 3 s or less; on expiry a random letter is sent, except on the final
 * question), the stem in regular weight (quicker to read than bold against the clock), and the anti-cheat watcher
 * with its violation count. Each reply from the server replaces the attempt in the query cache: the next
 * question, or the results.
 */
export function ChallengeRunner({ view, receivedAt }: { view: Running; receivedAt: number }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { activity, latest } = useAntiCheat(true, view.activity);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<FailedAnswer | null>(null);
  const current = view.current;
  const inFlight = useRef(false);
  // Spanish for a Spanish reader, with "Ver en inglés", as in every test (ADR 0024).
  const itemLanguage = useItemLanguage(current.question.id, Boolean(current.question.es));
  const words = pick(itemLanguage.language, current.question, current.question.es);

  const send = (order: number, letter: Letter) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFailed(null);
    postAnswer(view.id, { questionOrder: order, answer: letter, activity: latest.current })
      .then((next) => {
        queryClient.setQueryData(challengeKeys.attempt(view.id), next);
        if (next.status === 'completed') {
          void queryClient.invalidateQueries({ queryKey: ['master-challenge'] });
        }
      })
      .catch((error: unknown) => setFailed({ error, order, letter, final: current.isFinal }))
      .finally(() => {
        inFlight.current = false;
        setPending(false);
      });
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: challengeKeys.attempt(view.id) });

  const secondsLeft = useQuestionTimer(
    current,
    receivedAt,
    current.seconds,
    // docs/PRODUCT.md#timers: on expiry a random letter is submitted automatically.
    () => send(current.order, LETTERS[Math.floor(Math.random() * LETTERS.length)]!),
    // The server has closed the final question: fetch the finished attempt.
    refresh,
  );
  const urgent = secondsLeft <= MC_URGENT_SECONDS;

  const violations = violationCount(activity);
  const flagged = isSuspicious(activity);
  const position = current.order + 1;

  return (
    <section
      aria-labelledby="challenge-question"
      className="select-none rounded-2xl bg-white px-4 pb-5 shadow-sm ring-1 ring-slate-200 sm:px-8 sm:pb-8"
    >
      {/* The timer and progress stay in view while a long question scrolls. */}
      <div className="sticky top-0 z-10 -mx-4 border-b border-slate-100 bg-white px-4 pt-4 pb-3 sm:-mx-8 sm:px-8 sm:pt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm font-semibold text-blue-800">
              <FormattedMessage id="masterChallenge.title" />
            </p>
            <p className="text-sm text-slate-700">
              <FormattedMessage id="masterChallenge.progress" values={{ current: position, total: view.total }} />
            </p>
          </div>
          <div
            role="timer"
            aria-label={intl.formatMessage({ id: 'masterChallenge.timerLabel' }, { seconds: secondsLeft })}
            data-urgent={urgent}
            data-seconds={current.seconds}
            className={`flex min-w-20 items-center justify-center gap-2 rounded-xl px-4 py-2 font-mono text-2xl font-bold tabular-nums ${
              urgent ? 'animate-pulse bg-red-100 text-red-800' : 'bg-slate-100 text-slate-900'
            }`}
          >
            <Timer className="h-5 w-5" aria-hidden="true" />
            {secondsLeft}
          </div>
        </div>
        {/* Said once when the timer turns urgent, not every second. */}
        <p className="sr-only" aria-live="assertive">
          {urgent && secondsLeft > 0
            ? intl.formatMessage({ id: 'masterChallenge.hurry' }, { seconds: MC_URGENT_SECONDS })
            : ''}
        </p>
        <div
          className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'masterChallenge.progressLabel' })}
          aria-valuemin={0}
          aria-valuemax={view.total}
          aria-valuenow={position}
        >
          <div className="h-full bg-blue-700 transition-all" style={{ width: `${(position / view.total) * 100}%` }} />
        </div>
      </div>

      <div className="mt-3 sm:mt-6">
        <ItemToolbar
          state={itemLanguage}
          speech={speechOf(withExhibit(words.question, words.exhibit), words.options)}
        />
      </div>
      <h2
        // A new question mounts a new heading, which takes the focus: keyboard and screen-reader users start from it.
        key={current.order}
        id="challenge-question"
        data-route-focus
        ref={focusOnMount}
        tabIndex={-1}
        lang={itemLanguage.language}
        className="text-base leading-relaxed font-normal text-slate-900 outline-none sm:text-xl"
      >
        <StemText text={words.question} language={itemLanguage.language} />
      </h2>
      <ExhibitSlot exhibit={words.exhibit} />
      {current.isFinal && (
        <p className="mt-2 text-sm text-slate-700">
          <FormattedMessage id="masterChallenge.finalQuestion" />
        </p>
      )}
      <fieldset aria-labelledby="challenge-question" className="mt-4 space-y-2 sm:mt-6 sm:space-y-3">
        {LETTERS.map((letter) => (
          <button
            key={`${current.order}-${letter}`}
            type="button"
            disabled={pending}
            onClick={() => send(current.order, letter)}
            className="flex min-h-12 w-full items-start gap-3 rounded-xl border-2 border-slate-300 p-3 text-left sm:p-4 text-slate-900 transition-colors hover:border-blue-600 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-wait disabled:opacity-70"
          >
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 font-bold"
            >
              {letter}
            </span>
            <span className="pt-0.5" lang={itemLanguage.language}>
              <span className="sr-only">{letter}. </span>
              {words.options[letter]}
            </span>
          </button>
        ))}
      </fieldset>

      {failed && (
        <div className="mt-4 space-y-3">
          <ErrorBox
            message={
              failed.final
                ? intl.formatMessage({ id: 'messages.masterChallenge.submitFailed' })
                : errorText(failed.error)
            }
          />
          <Button variant="secondary" onClick={() => send(failed.order, failed.letter)} disabled={pending}>
            <FormattedMessage id="common.tryAgain" />
          </Button>
        </div>
      )}

      <div
        className={`mt-6 flex flex-wrap items-center gap-2 rounded-lg px-3 py-2 text-sm ${
          flagged ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-700'
        }`}
      >
        <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span data-testid="violations">
          <FormattedMessage id="masterChallenge.violations" values={{ count: violations }} />
        </span>
        {flagged && (
          <span className="font-semibold">
            <FormattedMessage id="masterChallenge.flagged" />
          </span>
        )}
      </div>
    </section>
  );
}
