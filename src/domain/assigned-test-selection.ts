import { type AdaptiveCandidate, type AdaptiveInput, selectAdaptiveQuestions } from './adaptive-selection';
import { shuffle } from './shuffle';

/**
 * A manager's assigned test should measure what the technician knows, not what they have just been
 * shown: its questions prefer those whose answer key this technician has not seen in this many days
 * (blank exams used to reveal enough keys to pass an assignment).
 */
export const KEY_SHOWN_WINDOW_DAYS = 30;

export interface ShownCandidate extends AdaptiveCandidate {
  /** When the server last revealed the question's key to this technician, in any kind of session, or null. */
  keyShownAt: Date | null;
}

export function keyShownRecently(candidate: ShownCandidate, now: Date): boolean {
  if (!candidate.keyShownAt) return false;
  return now.getTime() - candidate.keyShownAt.getTime() < KEY_SHOWN_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * Adaptive selection among the questions whose key was not shown in the window; only when there are
 * too few of those, the rest comes from the ones shown longest ago. Never repeats an id.
 */
export function selectAssignedTestQuestions(
  input: Omit<AdaptiveInput, 'candidates'> & { candidates: readonly ShownCandidate[]; now: Date },
): string[] {
  const random = input.random ?? Math.random;
  const count = Math.max(0, Math.floor(input.count));
  const unique = [...new Map(input.candidates.map((c) => [c.id, c])).values()];
  const unseen = unique.filter((c) => !keyShownRecently(c, input.now));
  const chosen = selectAdaptiveQuestions({ ...input, candidates: unseen, count, random });
  if (chosen.length >= count) return chosen;
  const seenLongestAgo = unique
    .filter((c) => keyShownRecently(c, input.now))
    .sort((a, b) => (a.keyShownAt as Date).getTime() - (b.keyShownAt as Date).getTime())
    .slice(0, count - chosen.length)
    .map((c) => c.id);
  return shuffle([...chosen, ...seenLongestAgo], random);
}
