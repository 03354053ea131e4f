import * as Dialog from '@radix-ui/react-dialog';
import { Flag, FlagOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { Letter } from '../../../domain/content/schemas';
import { PRACTICE_MESSAGES, type SessionView } from '../../../domain/contracts/practice';
import { formatClock, timerLevel } from '../../../domain/exam-assembly';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { TechHeader } from '../tech/tech-header';
import { saveAnswer, useSubmitTest, useTestSession } from './api';
import { ResultsView } from './results-view';

const LETTERS: Letter[] = ['A', 'B', 'C', 'D'];

/** /app/tests/:id — a category test or a full exam, resumed from the server on every open. */
export default function TestRunnerPage() {
  const { id = '' } = useParams();
  const session = useTestSession(id);
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-5xl px-4 py-6">
        {session.isPending && <Spinner label="Loading your test…" />}
        {session.error && (
          <div className="space-y-4">
            <ErrorBox message={errorMessage(session.error)} />
            <ButtonLink to="/app" variant="secondary">
              Back to Dashboard
            </ButtonLink>
          </div>
        )}
        {session.data &&
          (session.data.results ? (
            <ResultsView session={session.data} results={session.data.results} />
          ) : (
            <Runner key={session.data.id} session={session.data} receivedAt={session.dataUpdatedAt} />
          ))}
      </main>
    </div>
  );
}

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
  return left;
}

function Runner({ session, receivedAt }: { session: SessionView; receivedAt: number }) {
  const isExam = session.kind === 'exam';
  const total = session.slots.length;
  const [current, setCurrent] = useState(() => {
    const firstOpen = session.slots.findIndex((s) => s.selected === null);
    return firstOpen === -1 ? 0 : firstOpen;
  });
  const [answers, setAnswers] = useState<(Letter | null)[]>(() => session.slots.map((s) => s.selected));
  const [flags, setFlags] = useState<boolean[]>(() => session.slots.map((s) => s.flagged));
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const pending = useRef(new Set<Promise<unknown>>());
  const submit = useSubmitTest(session.id);
  const left = useCountdown(session.remainingSeconds, receivedAt);

  const answeredCount = answers.filter((a) => a !== null).length;
  const flaggedCount = flags.filter(Boolean).length;
  const unanswered = total - answeredCount;
  const slot = session.slots[current];

  const track = (promise: Promise<unknown>) => {
    pending.current.add(promise);
    void promise.finally(() => pending.current.delete(promise));
    return promise;
  };

  const choose = (letter: Letter) => {
    const position = slot.position;
    const before = answers[current];
    setAnswers((a) => a.map((v, i) => (i === current ? letter : v)));
    setSaveError(null);
    track(
      saveAnswer(session.id, position, { answer: letter }).catch((error) => {
        setAnswers((a) => a.map((v, i) => (i === current && v === letter ? before : v)));
        setSaveError(`Your answer was not saved: ${errorMessage(error)}`);
      }),
    );
  };

  const toggleFlag = () => {
    const next = !flags[current];
    const index = current;
    setFlags((f) => f.map((v, i) => (i === index ? next : v)));
    track(
      saveAnswer(session.id, slot.position, { flagged: next }).catch((error) => {
        setFlags((f) => f.map((v, i) => (i === index ? !next : v)));
        setSaveError(`Your flag was not saved: ${errorMessage(error)}`);
      }),
    );
  };

  const doSubmit = useCallback(async () => {
    setConfirmOpen(false);
    await Promise.allSettled([...pending.current]);
    submit.mutate();
  }, [submit]);

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
      ? PRACTICE_MESSAGES.examSaveFailed
      : PRACTICE_MESSAGES.categorySaveFailed(errorMessage(submit.error))
    : null;

  const title = isExam
    ? session.category
      ? `${session.category.code} ${session.category.name} Practice Exam`
      : 'Full Comprehensive Practice Exam'
    : `${session.category?.code} ${session.category?.name}`;
  const level = left === null ? 'normal' : timerLevel(left);
  const timerTone = {
    normal: 'bg-slate-100 text-slate-900',
    warning: 'bg-amber-100 text-amber-900',
    critical: 'bg-red-100 text-red-900',
  }[level];

  const status = useMemo(
    () =>
      session.slots.map((_, i) => {
        const parts = [`Question ${i + 1}`, answers[i] ? 'answered' : 'not answered'];
        if (flags[i]) parts.push('flagged');
        return parts.join(', ');
      }),
    [session.slots, answers, flags],
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_16rem]">
      <section
        aria-labelledby="question-text"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm font-semibold text-blue-800">{title}</p>
            <p className="text-sm text-slate-700">
              Question {current + 1} of {total} · {answeredCount} answered
            </p>
          </div>
          {left !== null && (
            <div
              role="timer"
              aria-label={`Time remaining ${formatClock(left)}`}
              data-level={level}
              className={`rounded-lg px-3 py-1.5 font-mono text-lg font-bold ${timerTone}`}
            >
              {formatClock(left)}
            </div>
          )}
        </div>
        <div
          className="mb-6 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Questions answered"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answeredCount}
        >
          <div className="h-full bg-blue-700 transition-all" style={{ width: `${(answeredCount / total) * 100}%` }} />
        </div>

        <fieldset>
          <legend id="question-text" className="text-lg font-semibold text-slate-900 sm:text-xl">
            {slot.question.question}
          </legend>
          <div className="mt-6 space-y-3">
            {LETTERS.map((letter) => {
              const checked = answers[current] === letter;
              return (
                <label
                  key={letter}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 p-4 text-slate-900 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${
                    checked ? 'border-blue-700 bg-blue-50' : 'border-slate-200 hover:border-slate-400'
                  }`}
                >
                  <input
                    type="radio"
                    name={`q-${slot.position}`}
                    value={letter}
                    checked={checked}
                    onChange={() => choose(letter)}
                    disabled={submit.isPending}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full font-bold ${checked ? 'bg-blue-700 text-white' : 'bg-slate-100'}`}
                  >
                    {letter}
                  </span>
                  <span className="pt-0.5">
                    <span className="sr-only">{letter}. </span>
                    {slot.question.options[letter]}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <div className="mt-4 space-y-3">
          <ErrorBox message={saveError} />
          <ErrorBox message={submitError} />
        </div>

        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <Button variant="secondary" onClick={() => setCurrent((c) => c - 1)} disabled={current === 0}>
            Previous
          </Button>
          {isExam && (
            <Button variant="ghost" onClick={toggleFlag} aria-pressed={flags[current]}>
              {flags[current] ? (
                <FlagOff className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Flag className="h-4 w-4" aria-hidden="true" />
              )}
              {flags[current] ? 'Unflag' : 'Flag for Review'}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setCurrent((c) => c + 1)} disabled={current === total - 1}>
            Next
          </Button>
        </div>
      </section>

      <aside aria-labelledby="navigator-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="navigator-title" className="font-semibold">
          {isExam ? 'Question Navigator' : 'Questions'}
        </h2>
        <ol className="mt-3 grid grid-cols-6 gap-1.5 sm:grid-cols-10 lg:grid-cols-5">
          {session.slots.map((s, i) => (
            <li key={s.position}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={status[i]}
                aria-current={i === current ? 'step' : undefined}
                className={`relative h-9 w-full rounded-md text-sm font-semibold ring-1 ${
                  answers[i] ? 'bg-blue-700 text-white ring-blue-700' : 'bg-white text-slate-800 ring-slate-300'
                } ${i === current ? 'outline-2 outline-offset-1 outline-amber-500' : ''}`}
              >
                {i + 1}
                {flags[i] && (
                  <span aria-hidden="true" className="absolute -top-1 -right-1 h-3 w-3 rounded-full bg-amber-500" />
                )}
              </button>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs text-slate-700">
          {answeredCount} answered · {unanswered} unanswered{isExam ? ` · ${flaggedCount} flagged` : ''}
        </p>
        <div className="mt-4">
          {isExam ? (
            <Button className="w-full" onClick={() => setConfirmOpen(true)} disabled={submit.isPending}>
              Submit Exam
            </Button>
          ) : (
            <>
              <Button
                className="w-full"
                onClick={() => void doSubmit()}
                disabled={unanswered > 0 || submit.isPending}
                aria-describedby="submit-hint"
              >
                {submit.isPending ? 'Submitting…' : 'Submit Test'}
              </Button>
              {unanswered > 0 && (
                <p id="submit-hint" className="mt-2 text-xs text-slate-700">
                  Answer all {total} questions to submit.
                </p>
              )}
            </>
          )}
        </div>
      </aside>

      <Dialog.Root open={confirmOpen} onOpenChange={setConfirmOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
            <Dialog.Title className="text-lg font-bold">Submit Exam?</Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-800">
              You have {unanswered} unanswered {unanswered === 1 ? 'question' : 'questions'} and {flaggedCount} flagged{' '}
              {flaggedCount === 1 ? 'question' : 'questions'}. Unanswered questions count as incorrect.
            </Dialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">Keep Working</Button>
              </Dialog.Close>
              <Button onClick={() => void doSubmit()}>Submit Exam</Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
