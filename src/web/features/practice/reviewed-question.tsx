import { Check, CheckCircle2, X, XCircle } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LETTERS } from '../../../domain/content/letters';
import type { ReviewItem } from '../../../domain/contracts/practice';
import type { ItemLanguageState } from '../item-language';
import { ExhibitSlot, ItemToolbar, speechOf, withExhibit } from '../item-language';
import { ReportQuestionButton } from '../question-report';
import { StudySectionLink } from './study-section-link';

/** A reviewed question's ✓ (right) or ✗ (missed), named for a screen reader. */
export function Verdict({ correct }: { correct: boolean }) {
  const intl = useIntl();
  return correct ? (
    <CheckCircle2
      role="img"
      className="mt-0.5 h-5 w-5 shrink-0 text-green-700"
      aria-label={intl.formatMessage({ id: 'practice.review.correct' })}
    />
  ) : (
    <XCircle
      role="img"
      className="mt-0.5 h-5 w-5 shrink-0 text-red-700"
      aria-label={intl.formatMessage({ id: 'practice.review.incorrect' })}
    />
  );
}

/**
 * What a reviewed question shows under its stem: the choices with the wrong one marked ✕ and the right one ✓,
 * the explanation, why the choice was wrong, the study link and Report. `item` is in the shown language.
 */
export function ReviewedAnswers({ item, itemLanguage }: { item: ReviewItem; itemLanguage: ItemLanguageState }) {
  const intl = useIntl();
  return (
    <>
      <ItemToolbar
        state={itemLanguage}
        speech={speechOf(withExhibit(item.question, item.exhibit), item.options, [item.explanation, item.whyWrong])}
      />
      <ExhibitSlot exhibit={item.exhibit} />
      <ul className="space-y-1.5 text-sm">
        {LETTERS.map((letter) => {
          const isKey = item.correctAnswer === letter;
          const isChosen = item.selected === letter;
          return (
            <li
              key={letter}
              className={`flex items-start gap-2 rounded-lg px-2 py-1.5 ${isKey ? 'bg-green-50 font-medium text-green-900' : isChosen ? 'bg-red-50 text-red-900' : 'text-slate-800'}`}
            >
              <span className="flex w-5 shrink-0 justify-center pt-0.5">
                {isKey ? (
                  <Check className="h-4 w-4" aria-label={intl.formatMessage({ id: 'practice.review.correctMark' })} />
                ) : isChosen ? (
                  <X
                    role="img"
                    className="h-4 w-4"
                    aria-label={intl.formatMessage({ id: 'practice.review.wrongMark' })}
                  />
                ) : null}
              </span>
              <span>
                <span className="font-semibold">{letter}.</span>{' '}
                <span lang={itemLanguage.language}>{item.options[letter]}</span>
                {isChosen && (
                  <span className="ml-1 text-xs font-semibold uppercase">
                    <FormattedMessage id="practice.review.yourAnswer" />
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {!item.selected && (
        <p className="mt-2 text-sm font-medium text-slate-800">
          <FormattedMessage id="practice.review.notAnswered" />
        </p>
      )}
      {item.explanation ? (
        <p className="mt-3 text-sm text-slate-800" lang={itemLanguage.language}>
          {item.explanation}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          <FormattedMessage id="practice.review.keyHidden" />
        </p>
      )}
      {item.whyWrong && (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">
            <FormattedMessage id="practice.review.whyWrong" values={{ letter: item.selected }} />{' '}
          </span>
          <span lang={itemLanguage.language}>{item.whyWrong}</span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <StudySectionLink item={item} />
        {/* Report a question from any review screen. */}
        <ReportQuestionButton questionId={item.questionId} />
      </div>
    </>
  );
}
