import { CheckCircle2, XCircle } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { Letter } from '../../../domain/content/letters';

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
