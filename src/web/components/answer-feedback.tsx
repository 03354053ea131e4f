import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Letter } from '../../domain/content/letters';

/**
 * What shows under a question once it is answered, on every screen that reveals the key (the runner's instant
 * feedback, the review session, the free test): the verdict, the explanation and why each wrong option shown is
 * wrong, green when right and red when not. The item's own words are in `language`; the screen's words come in
 * through `verdict`, `whyWrongId` (a message with `{letter}`) and `children`. `className` holds the spacing and
 * the scroll margin that keeps the panel clear of the screen's bottom bar when it is scrolled into view.
 */
export function AnswerFeedback({
  correct,
  verdict,
  explanation,
  whyWrong,
  whyWrongId,
  language,
  className,
  id,
  ref,
  children,
}: {
  correct: boolean;
  verdict: ReactNode;
  explanation: string | undefined;
  /** The wrong options explained, in the order shown. */
  whyWrong: readonly (readonly [Letter, string])[];
  whyWrongId: string;
  language: string;
  className: string;
  id?: string;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  const Icon = correct ? CheckCircle2 : XCircle;
  return (
    <div
      id={id}
      ref={ref}
      aria-live="polite"
      className={`${className} rounded-xl p-4 ${correct ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
    >
      <p className="flex items-center gap-2 font-bold">
        <Icon className="h-5 w-5" aria-hidden="true" />
        {verdict}
      </p>
      <p className="mt-2 text-slate-800" lang={language}>
        {explanation}
      </p>
      {whyWrong.length > 0 && (
        <ul className="mt-2 space-y-2 text-slate-800">
          {whyWrong.map(([letter, text]) => (
            <li key={letter}>
              <span className="font-semibold">
                <FormattedMessage id={whyWrongId} values={{ letter }} />{' '}
              </span>
              <span lang={language}>{text}</span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
