import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Letter } from '../../../domain/content/letters';
import type { Reveal, SessionView } from '../../../domain/contracts/practice';
import { EXAM_GRACE_SECONDS } from '../../../domain/exam-assembly';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { practiceKeys, saveAnswer, useSubmitTest } from './api';
import { type AnswerChange, SaveQueue, type SaveStatus } from './save-queue';

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

/** Codes after which the runner's copy is out of date: reread the test (it may now show its results). */
const STALE_CODES = new Set(['TIME_UP', 'ALREADY_SUBMITTED', 'ANSWER_LOCKED']);

type RunnerPanel = 'none' | 'navigator' | 'confirm' | 'leave';

/**
 * The runner's state and what the user does to it: the current question, the answers and flags (queued to the
 * server, see SaveQueue), the instant-feedback reveals, which dialog is open, the countdown and the submit
 * (which waits for the queue, and happens on its own when an exam's clock reaches zero).
 */
export function useRunner(session: SessionView, receivedAt: number) {
  const intl = useIntl();
  const errorText = useErrorText();
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
  const [panel, setPanel] = useState<RunnerPanel>('none');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [flushing, setFlushing] = useState(false);
  const [flushFailed, setFlushFailed] = useState(false);
  const submit = useSubmitTest(session.id);
  const { left, endsAt } = useCountdown(session.remainingSeconds, receivedAt);

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

  const slot = session.slots[current];
  // `current` stays within the slots (see `go`); a session always has questions.
  if (!slot) throw new Error(`Session ${session.id} has no question ${current + 1}`);
  const locked = session.instantFeedback && answers[current] !== null;

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

  // docs/PRODUCT.md#timers: the exam submits itself when the clock reaches zero.
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

  const submitLabel = flushing
    ? saveStatus === 'offline'
      ? 'practice.submit.waiting'
      : 'practice.submit.submitting'
    : submit.isPending
      ? 'practice.submit.submitting'
      : isExam
        ? 'practice.submit.exam'
        : 'practice.submit.test';

  return {
    isExam,
    total,
    current,
    slot,
    answers,
    flags,
    /** The current question's reveal, when the test gives instant feedback and it has come back. */
    reveal: session.instantFeedback ? reveals[current] : null,
    locked,
    saveStatus,
    saveError,
    panel,
    setPanel,
    flaggedOnly,
    setFlaggedOnly,
    left,
    pendingSaves: queue.pending.length,
    submitting: submit.isPending,
    busy: flushing || submit.isPending,
    submitLabel,
    submitError,
    choose,
    toggleFlag,
    go,
    step,
    doSubmit,
  };
}

export type RunnerState = ReturnType<typeof useRunner>;
