import { CheckCircle2, XCircle } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Letter } from '../../../domain/content/letters';

const STEP: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * Where the first choice is final (instant feedback, the review deck), the arrow keys only move focus
 * between the choices: a native radio group would choose each option the arrows pass, and the first one
 * passed would be locked in as the answer. Space (as for any radio) or Enter chooses the focused one.
 */
function moveWithoutChoosing(event: KeyboardEvent<HTMLInputElement>, onChoose: () => void) {
  const step = STEP[event.key];
  if (event.key === 'Enter') {
    event.preventDefault();
    onChoose();
    return;
  }
  if (step === undefined) return;
  event.preventDefault();
  const group = [
    ...(event.currentTarget.closest('fieldset') ?? document).querySelectorAll<HTMLInputElement>(
      `input[type="radio"][name="${event.currentTarget.name}"]`,
    ),
  ].filter((radio) => !radio.disabled);
  const at = group.indexOf(event.currentTarget);
  group[(at + step + group.length) % group.length]?.focus();
}

/**
 * One answer choice as the runner shows it (and the review session): a large radio card with its
 * letter; once the key is revealed, the key is marked ✓ in green and a wrong choice ✕ in red.
 */
export function AnswerOption({
  name,
  letter,
  text,
  checked,
  revealed,
  isKey,
  locked,
  disabled,
  final = false,
  onChoose,
}: {
  name: string;
  letter: Letter;
  text: string;
  checked: boolean;
  /** The key is known: colour the choices. */
  revealed: boolean;
  isKey: boolean;
  locked: boolean;
  disabled: boolean;
  /** The first choice locks: arrows move focus without choosing (see moveWithoutChoosing). */
  final?: boolean;
  onChoose: () => void;
}) {
  const intl = useIntl();
  const tone = revealed
    ? isKey
      ? 'border-green-700 bg-green-50'
      : checked
        ? 'border-red-700 bg-red-50'
        : 'border-slate-200 opacity-75'
    : checked
      ? 'border-blue-700 bg-blue-50'
      : 'border-slate-300 hover:border-slate-500';
  return (
    // `relative`: the visually hidden radio (absolute) sits in its own card, not against a far ancestor,
    // so a click on its box chooses it and focus on it never scrolls the page.
    <label
      className={`relative flex min-h-14 items-start gap-3 rounded-xl border-2 p-4 text-slate-900 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${locked ? 'cursor-default' : 'cursor-pointer'} ${tone}`}
    >
      <input
        type="radio"
        name={name}
        value={letter}
        checked={checked}
        onChange={onChoose}
        onKeyDown={final ? (event) => moveWithoutChoosing(event, onChoose) : undefined}
        disabled={disabled}
        className="sr-only"
      />
      <span
        aria-hidden="true"
        className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full font-bold ${checked ? 'bg-blue-700 text-white' : 'bg-slate-100'}`}
      >
        {letter}
      </span>
      <span className="pt-1">
        <span className="sr-only">{letter}. </span>
        {text}
      </span>
      {revealed && isKey && (
        <CheckCircle2
          role="img"
          className="ml-auto h-6 w-6 shrink-0 text-green-700"
          aria-label={intl.formatMessage({ id: 'practice.review.correctMark' })}
        />
      )}
      {revealed && checked && !isKey && (
        <XCircle
          role="img"
          className="ml-auto h-6 w-6 shrink-0 text-red-700"
          aria-label={intl.formatMessage({ id: 'practice.review.wrongMark' })}
        />
      )}
    </label>
  );
}
