import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ChevronLeft, Flag, LayoutGrid, X, XCircle } from 'lucide-react';
import { cloneElement, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { LETTERS, type Letter } from '../../../domain/content/letters';
import type { Reveal, SessionView } from '../../../domain/contracts/practice';
import { EXAM_GRACE_SECONDS, formatClock, timerLevel } from '../../../domain/exam-assembly';
import { Button } from '../../components/ui/button';
import { useFocusReturn } from '../../components/ui/focus-return';
import { ErrorBox } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { pick, useItemLanguage } from '../item-language/item-language';
import { ItemToolbar, speechOf } from '../item-language/item-toolbar';
import { StemText } from '../item-language/key-words';
import { ActionBar } from './action-bar';
import { AnswerOption } from './answer-option';
import { practiceKeys, saveAnswer, useSubmitTest } from './api';
import { QuestionNavigator } from './question-navigator';
import { type AnswerChange, SaveQueue, type SaveStatus } from './save-queue';
import { labelOf, useSessionTitle } from './session-title';

/** Counts down from the server's remaining seconds as of when they were received (cached data stays right). */
function useCountdown(remainingSeconds: number | null, receivedAt: number) {
  const endsAt = useRef(remainingSeconds === null ? null : receivedAt + remainingSeconds * 1000);
  const [left, setLeft] = useState(
    endsAt.current === null ? null : Math.max(0, Math.round((endsAt.current - Date.now()) / 1000)),
  );
  useEffect(() => {
    if (endsAt.current === null) return;
    const tick = () => setLeft(Math.max(0, Math.round(((endsAt.current as number) - Date.now()) / 1000)));
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);
  return { left, endsAt: endsAt.current };
}

const TIMER_TONE = {
  normal: 'bg-slate-100 text-slate-900',
  warning: 'bg-amber-100 text-amber-900',
  critical: 'bg-red-700 text-white',
} as const;

const STATUS_TEXT: Record<Exclude<SaveStatus, 'idle'>, string> = {
  saving: 'practice.save.saving',
  saved: 'practice.save.saved',
  offline: 'practice.save.offline',
  failed: 'practice.save.failed',
};

/** Codes after which the runner's copy is out of date: reread the test (it may now show its results). */
const STALE_CODES = new Set(['TIME_UP', 'ALREADY_SUBMITTED', 'ANSWER_LOCKED']);

/**
 * A category test or an exam in focus mode (issue 22): a compact sticky bar (title, question n of N,
 * the server's timer, the question grid), the question, and a fixed bottom bar with Previous, Flag
 * (exam) and Next, which on the last question becomes Review & submit. Answers are queued and survive a
 * flaky connection; only Submit waits for the network.
 */
export function Runner({ session, receivedAt }: { session: SessionView; receivedAt: number }) {
  const intl = useIntl();
  // Where focus goes back to when each dialog closes. On a phone Submit sits in the navigator, which closes as
  // the confirmation opens: that one goes back to what opened the navigator.
  const navigatorOpener = useRef<HTMLElement | null>(null);
  const openNavigator = (event: { currentTarget: HTMLElement }) => {
    navigatorOpener.current = event.currentTarget;
    setPanel('navigator');
  };
  const navigatorFocus = useFocusReturn();
  const confirmFocus = useFocusReturn(() => navigatorOpener.current);
  const leaveFocus = useFocusReturn();
  const errorText = useErrorText();
  const title = useSessionTitle()(labelOf(session));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isExam = session.kind === 'exam';
  const total = session.slots.length;
  // Resume at the first open question; with every question answered, at the last (Review & submit).
  const [current, setCurrent] = useState(() => {
    const firstOpen = session.slots.findIndex((s) => s.selected === null);
    return firstOpen === -1 ? session.slots.length - 1 : firstOpen;
  });
  const [answers, setAnswers] = useState<(Letter | null)[]>(() => session.slots.map((s) => s.selected));
  const [flags, setFlags] = useState<boolean[]>(() => session.slots.map((s) => s.flagged));
  const [reveals, setReveals] = useState<(Reveal | null)[]>(() => session.slots.map((s) => s.reveal));
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [panel, setPanel] = useState<'none' | 'navigator' | 'confirm' | 'leave'>('none');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [flushing, setFlushing] = useState(false);
  const [flushFailed, setFlushFailed] = useState(false);
  const submit = useSubmitTest(session.id);
  const { left, endsAt } = useCountdown(session.remainingSeconds, receivedAt);
  const questionRef = useRef<HTMLLegendElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);

  // The runner keeps its own copy of the answers; the cached session goes stale once it is left, so a
  // return to this test (Continue, Resume) reads the server's copy first.
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: practiceKeys.session(session.id), refetchType: 'none' }),
    [queryClient, session.id],
  );

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: practiceKeys.session(session.id) }),
    [queryClient, session.id],
  );

  // One queue per runner; its callbacks reach the latest state through setters only.
  const [queue] = useState(
    () =>
      new SaveQueue({
        send: (position, change) => saveAnswer(session.id, position, change),
        giveUpAt: endsAt === null ? null : endsAt + EXAM_GRACE_SECONDS * 1000,
        onStatus: setSaveStatus,
        onSaved: (saved) => {
          if (saved.reveal) setReveals((r) => r.map((v, i) => (i === saved.position ? saved.reveal : v)));
        },
        onRejected: (_position: number, _change: AnswerChange, error: unknown) => {
          if (error instanceof ApiError && STALE_CODES.has(error.code)) refresh();
          setSaveError(
            error instanceof ApiError ? errorText(error) : intl.formatMessage({ id: 'practice.save.failed' }),
          );
        },
      }),
  );
  useEffect(() => {
    const online = () => queue.retryNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [queue]);

  const answeredCount = answers.filter((a) => a !== null).length;
  const unanswered = total - answeredCount;
  const flaggedCount = flags.filter(Boolean).length;
  const slot = session.slots[current];
  const reveal = session.instantFeedback ? reveals[current] : null;
  const itemLanguage = useItemLanguage(slot.question.id, slot.question.es !== null);
  const shownQuestion = pick(itemLanguage.language, slot.question, slot.question.es);
  const shownReveal = reveal ? pick(itemLanguage.language, reveal, reveal.es) : null;
  const locked = session.instantFeedback && answers[current] !== null;
  const isLast = current === total - 1;

  // A new question opens at its stem: scrolled to the top, focus on the question.
  const shown = useRef(current);
  useLayoutEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    window.scrollTo({ top: 0, behavior: 'instant' });
    questionRef.current?.focus({ preventScroll: true });
  }, [current]);

  // Feedback that appears after an answer is brought into view above the bottom bar.
  const revealed = Boolean(reveal);
  useEffect(() => {
    if (revealed) feedbackRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [revealed]);

  const choose = (letter: Letter) => {
    if (locked || submit.isPending) return;
    setAnswers((a) => a.map((v, i) => (i === current ? letter : v)));
    setSaveError(null);
    queue.enqueue(slot.position, { answer: letter });
  };

  const toggleFlag = () => {
    const next = !flags[current];
    setFlags((f) => f.map((v, i) => (i === current ? next : v)));
    queue.enqueue(slot.position, { flagged: next });
  };

  const go = (index: number) => {
    setPanel('none');
    setCurrent(Math.max(0, Math.min(total - 1, index)));
  };

  const step = (direction: 1 | -1) => {
    if (flaggedOnly) {
      const order = direction === 1 ? flags.map((_, i) => i) : flags.map((_, i) => i).reverse();
      const target = order.find((i) => flags[i] && (direction === 1 ? i > current : i < current));
      if (target !== undefined) return go(target);
      setFlaggedOnly(false);
    }
    go(current + direction);
  };

  const doSubmit = useCallback(async () => {
    setPanel('none');
    setFlushing(true);
    setFlushFailed(false);
    try {
      await queue.flush();
    } catch {
      // Past the deadline: the server scores what it has.
      setFlushFailed(!isExam);
    } finally {
      setFlushing(false);
    }
    submit.mutate();
  }, [queue, submit, isExam]);

  // SPEC §4: the exam submits itself when the clock reaches zero.
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (isExam && left === 0 && !autoSubmitted.current) {
      autoSubmitted.current = true;
      void doSubmit();
    }
  }, [isExam, left, doSubmit]);

  const submitError = submit.error
    ? isExam
      ? intl.formatMessage({ id: 'messages.practice.examSaveFailed' })
      : intl.formatMessage({ id: 'messages.practice.categorySaveFailed' }, { reason: errorText(submit.error) })
    : flushFailed
      ? intl.formatMessage({ id: 'practice.save.failed' })
      : null;

  const level = left === null ? 'normal' : timerLevel(left);
  const busy = flushing || submit.isPending;
  const submitLabel = flushing
    ? saveStatus === 'offline'
      ? 'practice.submit.waiting'
      : 'practice.submit.submitting'
    : submit.isPending
      ? 'practice.submit.submitting'
      : isExam
        ? 'practice.submit.exam'
        : 'practice.submit.test';

  const submitBlock = isExam ? (
    <Button className="w-full" onClick={() => setPanel('confirm')} disabled={busy}>
      <FormattedMessage id={submitLabel} />
    </Button>
  ) : (
    <div>
      <Button
        className="w-full"
        onClick={() => void doSubmit()}
        disabled={unanswered > 0 || busy}
        aria-describedby={unanswered > 0 ? 'submit-hint' : undefined}
      >
        <FormattedMessage id={submitLabel} />
      </Button>
      {unanswered > 0 && (
        <p id="submit-hint" className="mt-2 text-sm text-slate-700">
          <FormattedMessage id="practice.submit.answerAll" values={{ total }} />
        </p>
      )}
    </div>
  );

  const navigator = (
    <QuestionNavigator
      isExam={isExam}
      answers={answers}
      flags={flags}
      current={current}
      onGo={(i) => {
        setFlaggedOnly(false);
        go(i);
      }}
      onReviewFlagged={() => {
        setFlaggedOnly(true);
        const first = flags.findIndex(Boolean);
        if (first !== -1) go(first);
      }}
      submit={submitBlock}
    />
  );

  return (
    <div className="min-h-screen bg-slate-50 pb-32">
      {/* Focus mode: one compact bar that stays in view, no other way out than Leave. */}
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-2 sm:px-4">
          <Button
            variant="ghost"
            size="sm"
            className="w-11 px-0"
            onClick={() => setPanel('leave')}
            aria-label={intl.formatMessage({ id: isExam ? 'practice.leave.examButton' : 'practice.leave.testButton' })}
          >
            <X className="h-6 w-6" aria-hidden="true" />
          </Button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-sm font-semibold text-slate-900">{title}</h1>
            <p className="text-xs text-slate-700">
              <FormattedMessage id="practice.position" values={{ current: current + 1, total }} />
            </p>
          </div>
          {left !== null && (
            <div
              role="timer"
              aria-label={intl.formatMessage({ id: 'practice.timer' }, { time: formatClock(left) })}
              data-level={level}
              className={`rounded-lg px-2.5 py-1.5 font-mono text-base font-bold tabular-nums ${TIMER_TONE[level]}`}
            >
              {formatClock(left)}
            </div>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="px-3 lg:hidden"
            onClick={openNavigator}
            aria-label={intl.formatMessage({ id: 'practice.nav.open' }, { flagged: flaggedCount, isExam })}
          >
            <LayoutGrid className="h-5 w-5" aria-hidden="true" />
            {isExam && flaggedCount > 0 && (
              <span aria-hidden="true" className="flex items-center gap-0.5 text-xs text-amber-800">
                <Flag className="h-3.5 w-3.5 fill-amber-400" />
                {flaggedCount}
              </span>
            )}
          </Button>
        </div>
      </header>

      <main className="mx-auto grid max-w-5xl gap-6 px-4 pt-4 lg:grid-cols-[1fr_17rem] lg:pt-6">
        <section aria-labelledby="question-text" className="min-w-0">
          <div className="mb-4 flex items-center justify-between gap-3 text-sm text-slate-700">
            <span>
              <FormattedMessage id="practice.answeredCount" values={{ count: answeredCount, total }} />
            </span>
            {saveStatus !== 'idle' && (
              <span
                role="status"
                data-save-status={saveStatus}
                className={`font-medium ${saveStatus === 'offline' || saveStatus === 'failed' ? 'text-amber-800' : 'text-slate-700'}`}
              >
                <FormattedMessage id={STATUS_TEXT[saveStatus]} />
              </span>
            )}
          </div>
          <div
            className="mb-5 h-2 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'practice.progressLabel' })}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={answeredCount}
          >
            <div className="h-full bg-blue-700 transition-all" style={{ width: `${(answeredCount / total) * 100}%` }} />
          </div>
          {flaggedOnly && (
            <p className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <FormattedMessage id="practice.nav.reviewingFlagged" values={{ count: flaggedCount }} />
              <Button variant="ghost" size="sm" onClick={() => setFlaggedOnly(false)}>
                <FormattedMessage id="practice.nav.allQuestions" />
              </Button>
            </p>
          )}

          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <ItemToolbar
              state={itemLanguage}
              speech={speechOf(shownQuestion.question, shownQuestion.options, [
                shownReveal?.explanation ?? null,
                shownReveal?.whyWrong ?? null,
              ])}
            />
            <fieldset lang={itemLanguage.language}>
              <legend
                id="question-text"
                ref={questionRef}
                tabIndex={-1}
                data-route-focus
                className="text-lg leading-relaxed text-slate-900 focus:outline-none sm:text-xl"
              >
                <StemText text={shownQuestion.question} language={itemLanguage.language} />
              </legend>
              <div className="mt-5 space-y-3">
                {LETTERS.map((letter) => (
                  <AnswerOption
                    key={letter}
                    name={`q-${slot.position}`}
                    letter={letter}
                    text={shownQuestion.options[letter]}
                    checked={answers[current] === letter}
                    revealed={Boolean(reveal)}
                    isKey={reveal?.correctAnswer === letter}
                    locked={locked}
                    disabled={submit.isPending || (locked && answers[current] !== letter)}
                    onChoose={() => choose(letter)}
                  />
                ))}
              </div>
            </fieldset>

            {session.instantFeedback && locked && !reveal && (
              <p className="mt-4 text-sm text-slate-700" role="status">
                <FormattedMessage id="practice.instant.pending" />
              </p>
            )}
            {reveal && (
              <div
                ref={feedbackRef}
                aria-live="polite"
                className={`mt-5 scroll-mb-36 rounded-xl p-4 ${reveal.correct ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
              >
                <p className="flex items-center gap-2 font-bold">
                  {reveal.correct ? (
                    <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
                  ) : (
                    <XCircle className="h-5 w-5" aria-hidden="true" />
                  )}
                  <FormattedMessage
                    id={reveal.correct ? 'practice.instant.correct' : 'practice.instant.incorrect'}
                    values={{ letter: reveal.correctAnswer }}
                  />
                </p>
                <p className="mt-2 text-slate-800" lang={itemLanguage.language}>
                  {shownReveal?.explanation}
                </p>
                {shownReveal?.whyWrong && (
                  <p className="mt-2 text-slate-800">
                    <span className="font-semibold">
                      <FormattedMessage id="practice.review.whyWrong" values={{ letter: answers[current] }} />{' '}
                    </span>
                    <span lang={itemLanguage.language}>{shownReveal.whyWrong}</span>
                  </p>
                )}
              </div>
            )}
          </div>

          <div className="mt-4 space-y-3">
            <ErrorBox message={saveError} />
            <ErrorBox message={submitError} />
          </div>
        </section>

        <aside
          aria-labelledby="navigator-title"
          className="hidden self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-20 lg:block"
        >
          <h2 id="navigator-title" className="mb-3 font-semibold">
            <FormattedMessage id={isExam ? 'practice.nav.titleExam' : 'practice.nav.title'} />
          </h2>
          {navigator}
        </aside>
      </main>

      {/* The next action, always in the same place and in reach of a thumb. */}
      <ActionBar label={intl.formatMessage({ id: 'practice.actions' })} className="lg:pr-[calc(17rem+2.5rem)]">
        {/* In an exam, Previous and Flag are icons on a narrow phone so Next keeps most of the width. */}
        <Button
          variant="secondary"
          className={`min-h-12 ${isExam ? 'min-w-12 px-2 sm:px-3' : 'px-3'}`}
          onClick={() => step(-1)}
          disabled={current === 0}
          aria-label={intl.formatMessage({ id: 'practice.previous' })}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          <span className={isExam ? 'hidden sm:inline' : ''}>
            <FormattedMessage id="practice.previous" />
          </span>
        </Button>
        {isExam && (
          <Button
            variant="secondary"
            className={`min-h-12 min-w-12 px-2 sm:px-3 ${flags[current] ? 'border-amber-500 bg-amber-50 text-amber-900' : ''}`}
            onClick={toggleFlag}
            aria-pressed={flags[current]}
            aria-label={intl.formatMessage({ id: 'practice.flag' })}
          >
            <Flag className={`h-5 w-5 ${flags[current] ? 'fill-amber-400 text-amber-700' : ''}`} aria-hidden="true" />
            <span className="hidden sm:inline">
              <FormattedMessage id="practice.flag" />
            </span>
          </Button>
        )}
        {isLast ? (
          <Button className="min-h-14 flex-1 text-base" onClick={openNavigator}>
            <FormattedMessage id="practice.reviewAndSubmit" />
          </Button>
        ) : (
          <Button className="min-h-14 flex-1 text-base" onClick={() => step(1)}>
            <FormattedMessage id="practice.next" />
          </Button>
        )}
      </ActionBar>

      <Dialog.Root open={panel === 'navigator'} onOpenChange={(open) => setPanel(open ? 'navigator' : 'none')}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            {...navigatorFocus}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[88dvh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-0 shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
          >
            <div className="mb-3 flex items-center justify-between gap-3">
              <Dialog.Title className="text-lg font-bold">
                <FormattedMessage id={isExam ? 'practice.nav.titleExam' : 'practice.nav.title'} />
              </Dialog.Title>
              <Dialog.Close asChild>
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-11 px-0"
                  aria-label={intl.formatMessage({ id: 'common.close' })}
                >
                  <X className="h-6 w-6" aria-hidden="true" />
                </Button>
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">
              <FormattedMessage id="practice.nav.description" />
            </Dialog.Description>
            {/* In the sheet, Review flagged and Submit stay in view below a long grid (issue 38). */}
            {cloneElement(navigator, { sheet: true })}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={panel === 'confirm'} onOpenChange={(open) => setPanel(open ? 'confirm' : 'none')}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            {...confirmFocus}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          >
            <Dialog.Title className="text-lg font-bold">
              <FormattedMessage id="practice.confirm.title" />
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-800">
              {/* Issue 38: not "0 unanswered questions and 0 flagged questions" when nothing is left. */}
              <FormattedMessage
                id={unanswered > 0 ? 'practice.confirm.body' : 'practice.confirm.allAnswered'}
                values={{ unanswered, flagged: flaggedCount }}
              />
            </Dialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">
                  <FormattedMessage id="practice.confirm.keepWorking" />
                </Button>
              </Dialog.Close>
              <Button onClick={() => void doSubmit()}>
                <FormattedMessage id="practice.submit.exam" />
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={panel === 'leave'} onOpenChange={(open) => setPanel(open ? 'leave' : 'none')}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            {...leaveFocus}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          >
            <Dialog.Title className="text-lg font-bold">
              <FormattedMessage id={isExam ? 'practice.leave.exam' : 'practice.leave.test'} />
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-800">
              <FormattedMessage
                id={isExam ? 'practice.leave.examBody' : 'practice.leave.testBody'}
                values={{ pending: queue.pending.length }}
              />
            </Dialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">
                  <FormattedMessage id="practice.leave.stay" />
                </Button>
              </Dialog.Close>
              <Button variant="danger" onClick={() => navigate('/app')}>
                <FormattedMessage id="practice.leave.confirm" />
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
