import type { Letter } from '../../../domain/content/letters';
import type { AnswerReveal, FreeTestResult } from '../../../domain/contracts/free-test';

/**
 * The free test in progress and its result, kept in this browser across a reload, and
 * offered to the account created next: the sign-up form and the first dashboard read it through
 * `readFinishedFreeTest()`; the server scores the answers again when they are saved to the account.
 */
const KEY = 'torqueprep.freeTest';
/** A result older than this is not offered to a new account any more. */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export interface FreeTestProgress {
  index: number;
  reveals: Record<string, AnswerReveal>;
  result: FreeTestResult | null;
  savedAt: number;
}

export function loadFreeTestProgress(): FreeTestProgress | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as FreeTestProgress;
    if (typeof value !== 'object' || value === null || typeof value.reveals !== 'object') return null;
    if (Date.now() - (value.savedAt ?? 0) > MAX_AGE_MS) return null;
    return value;
  } catch {
    return null;
  }
}

export function saveFreeTestProgress(progress: Omit<FreeTestProgress, 'savedAt'>) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...progress, savedAt: Date.now() }));
  } catch {
    // private mode or storage full: the test still works, it is just not kept
  }
}

export function forgetFreeTest() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/** The finished free test of this browser, if any: its result and the answers to save to an account. */
export function readFinishedFreeTest(): { result: FreeTestResult; answers: Record<string, Letter> } | null {
  const progress = loadFreeTestProgress();
  if (!progress?.result) return null;
  const answers = Object.fromEntries(Object.values(progress.reveals).map((r) => [r.questionId, r.selected]));
  return { result: progress.result, answers };
}
