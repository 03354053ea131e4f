import { cloneElement, useEffect, useLayoutEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { LETTERS } from '../../../domain/content/letters';
import type { SessionView } from '../../../domain/contracts/practice';
import { AnswerFeedback } from '../../components/answer-feedback';
import { Button } from '../../components/ui/button';
import { useFocusReturn } from '../../components/ui/focus-return';
import { ErrorBox } from '../../components/ui/form';
import { ExhibitSlot, ItemToolbar, pick, StemText, speechOf, useItemLanguage, withExhibit } from '../item-language';
import { AnswerOption } from './answer-option';
import { AssignedTestContext } from './assignment-note';
import { QuestionNavigator } from './question-navigator';
import { RunnerActions, RunnerHeader } from './runner-bars';
import { NavigatorSheet, RunnerQuestion } from './runner-dialogs';
import type { SaveStatus } from './save-queue';
import { labelOf, useSessionTitle } from './session-title';
import { useRunner } from './use-runner';

const STATUS_TEXT: Record<Exclude<SaveStatus, 'idle'>, string> = {
  saving: 'practice.save.saving',
  saved: 'practice.save.saved',
  offline: 'practice.save.offline',
  failed: 'practice.save.failed',
};

/**
 * A category test or an exam in focus mode: a compact sticky bar (title, question n of N,
 * the server's timer, the question grid), the question, and a fixed bottom bar with Previous, Flag
 * (exam) and Next, which on the last question becomes Review & submit. Answers are queued and survive a
 * flaky connection; only Submit waits for the network. The state is `useRunner`'s.
 */
export function Runner({ session, receivedAt }: { session: SessionView; receivedAt: number }) {
  const intl = useIntl();
  const runner = useRunner(session, receivedAt);
  const { isExam, total, current, slot, answers, flags, reveal, locked, saveStatus, setPanel } = runner;
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
  const title = useSessionTitle()(labelOf(session));
  const navigate = useNavigate();
  const questionRef = useRef<HTMLLegendElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);

  const answeredCount = answers.filter((a) => a !== null).length;
  const unanswered = total - answeredCount;
  const flaggedCount = flags.filter(Boolean).length;
  const itemLanguage = useItemLanguage(slot.question.id, slot.question.es !== null);
  const shownQuestion = pick(itemLanguage.language, slot.question, slot.question.es);
  const shownReveal = reveal ? pick(itemLanguage.language, reveal, reveal.es) : null;
  const chosen = answers[current];

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

  const panelChange = (name: 'navigator' | 'confirm' | 'leave') => (open: boolean) => setPanel(open ? name : 'none');

  const submitBlock = isExam ? (
    <Button className="w-full" onClick={() => setPanel('confirm')} disabled={runner.busy}>
      <FormattedMessage id={runner.submitLabel} />
    </Button>
  ) : (
    <div>
      <Button
        className="w-full"
        onClick={() => void runner.doSubmit()}
        disabled={unanswered > 0 || runner.busy}
        aria-describedby={unanswered > 0 ? 'submit-hint' : undefined}
      >
        <FormattedMessage id={runner.submitLabel} />
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
        runner.setFlaggedOnly(false);
        runner.go(i);
      }}
      onReviewFlagged={() => {
        runner.setFlaggedOnly(true);
        const first = flags.findIndex(Boolean);
        if (first !== -1) runner.go(first);
      }}
      submit={submitBlock}
    />
  );

  return (
    <div className="min-h-screen bg-slate-50 pb-32">
      {/* Focus mode: one compact bar that stays in view, no other way out than Leave. */}
      <RunnerHeader runner={runner} title={title} onOpenNavigator={openNavigator} />

      <main className="mx-auto grid max-w-5xl gap-6 px-4 pt-4 lg:grid-cols-[1fr_17rem] lg:pt-6">
        <section aria-labelledby="question-text" className="min-w-0">
          {session.assignment && <AssignedTestContext assignment={session.assignment} />}
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
          {runner.flaggedOnly && (
            <p className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <FormattedMessage id="practice.nav.reviewingFlagged" values={{ count: flaggedCount }} />
              <Button variant="ghost" size="sm" onClick={() => runner.setFlaggedOnly(false)}>
                <FormattedMessage id="practice.nav.allQuestions" />
              </Button>
            </p>
          )}

          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <ItemToolbar
              state={itemLanguage}
              speech={speechOf(withExhibit(shownQuestion.question, shownQuestion.exhibit), shownQuestion.options, [
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
              <ExhibitSlot exhibit={shownQuestion.exhibit} />
              <div className="mt-5 space-y-3">
                {LETTERS.map((letter) => (
                  <AnswerOption
                    key={letter}
                    name={`q-${slot.position}`}
                    letter={letter}
                    text={shownQuestion.options[letter]}
                    checked={chosen === letter}
                    revealed={Boolean(reveal)}
                    isKey={reveal?.correctAnswer === letter}
                    locked={locked}
                    disabled={runner.submitting || (locked && chosen !== letter)}
                    final={session.instantFeedback}
                    onChoose={() => runner.choose(letter)}
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
              <AnswerFeedback
                ref={feedbackRef}
                className="mt-5 scroll-mb-36"
                correct={reveal.correct}
                verdict={
                  <FormattedMessage
                    id={reveal.correct ? 'practice.instant.correct' : 'practice.instant.incorrect'}
                    values={{ letter: reveal.correctAnswer }}
                  />
                }
                explanation={shownReveal?.explanation}
                whyWrong={chosen && shownReveal?.whyWrong ? [[chosen, shownReveal.whyWrong]] : []}
                whyWrongId="practice.review.whyWrong"
                language={itemLanguage.language}
              />
            )}
          </div>

          <div className="mt-4 space-y-3">
            <ErrorBox message={runner.saveError} />
            <ErrorBox message={runner.submitError} />
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

      <RunnerActions runner={runner} onOpenNavigator={openNavigator} />

      <NavigatorSheet
        open={runner.panel === 'navigator'}
        onOpenChange={panelChange('navigator')}
        focus={navigatorFocus}
        isExam={isExam}
      >
        {/* In the sheet, Review flagged and Submit stay in view below a long grid. */}
        {cloneElement(navigator, { sheet: true })}
      </NavigatorSheet>

      <RunnerQuestion
        open={runner.panel === 'confirm'}
        onOpenChange={panelChange('confirm')}
        focus={confirmFocus}
        title={<FormattedMessage id="practice.confirm.title" />}
        body={
          // Not "0 unanswered questions and 0 flagged questions" when nothing is left.
          <FormattedMessage
            id={unanswered > 0 ? 'practice.confirm.body' : 'practice.confirm.allAnswered'}
            values={{ unanswered, flagged: flaggedCount }}
          />
        }
        stay={<FormattedMessage id="practice.confirm.keepWorking" />}
        action={
          <Button onClick={() => void runner.doSubmit()}>
            <FormattedMessage id="practice.submit.exam" />
          </Button>
        }
      />

      <RunnerQuestion
        open={runner.panel === 'leave'}
        onOpenChange={panelChange('leave')}
        focus={leaveFocus}
        title={<FormattedMessage id={isExam ? 'practice.leave.exam' : 'practice.leave.test'} />}
        body={
          <FormattedMessage
            id={isExam ? 'practice.leave.examBody' : 'practice.leave.testBody'}
            values={{ pending: runner.pendingSaves }}
          />
        }
        stay={<FormattedMessage id="practice.leave.stay" />}
        action={
          <Button variant="danger" onClick={() => navigate('/app')}>
            <FormattedMessage id="practice.leave.confirm" />
          </Button>
        }
      />
    </div>
  );
}
