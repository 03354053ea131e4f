import { useEffect, useRef, useState } from 'react';
import type { CurrentQuestion } from '../../../domain/contracts/master-challenge';

const TICK_MS = 100;

/**
 * The running question's timer (its own `seconds`: 10, more for a long stem), counted from the server's `secondsLeft` as of when the reply
 * arrived (the server keeps the time; this only shows it). At zero it calls `onExpire` once, except on the
 * final question, whose timer restarts its 10 seconds (docs/PRODUCT.md#timers); when the server's last moment to answer
 * the final question passes, it calls `onClosed` once.
 */
export function useQuestionTimer(
  current: CurrentQuestion,
  receivedAt: number,
  /** This question's time (`current.seconds`). */
  secondsPerQuestion: number,
  onExpire: () => void,
  onClosed: () => void,
) {
  const deadline = useRef(receivedAt + current.secondsLeft * 1000);
  const closesAt = receivedAt + current.closesInSeconds * 1000;
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef({ expired: false, closed: false });
  const callbacks = useRef({ onExpire, onClosed });
  callbacks.current = { onExpire, onClosed };

  // A new question (or a fresh reply about this one) restarts the count from the server's figure.
  useEffect(() => {
    deadline.current = receivedAt + current.secondsLeft * 1000;
    fired.current = { expired: false, closed: false };
    setNow(Date.now());
  }, [receivedAt, current.secondsLeft]);

  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      if (at >= deadline.current) {
        if (current.isFinal) {
          // docs/PRODUCT.md#timers: the final question restarts its 10 s instead of answering itself.
          while (deadline.current <= at) deadline.current += secondsPerQuestion * 1000;
        } else if (!fired.current.expired) {
          fired.current.expired = true;
          callbacks.current.onExpire();
        }
      }
      if (current.isFinal && at >= closesAt && !fired.current.closed) {
        fired.current.closed = true;
        callbacks.current.onClosed();
      }
      setNow(at);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [current.isFinal, closesAt, secondsPerQuestion]);

  return Math.max(0, Math.ceil((deadline.current - now) / 1000));
}
