import { CheckCircle2, ChevronLeft, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ADAPTIVE_MASTERY_PRICE_CENTS } from '../../../domain/billing';
import { PASS_MARK } from '../../../domain/constants';
import { LETTERS, type Letter } from '../../../domain/content/letters';
import type { AnswerReveal, FreeTestResult } from '../../../domain/contracts/free-test';
import { AnswerFeedback } from '../../components/answer-feedback';
import { Button, ButtonLink } from '../../components/ui/button';
import { useFocusWhenLost } from '../../components/ui/focus-return';
import { ErrorBox } from '../../components/ui/form';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { useHydrated } from '../../lib/use-hydrated';
import { ItemToolbar, pick, StemText, speechOf, useItemLanguage } from '../item-language';
import { useCheckFreeAnswer, useFreeTest, useFreeTestResult } from './api';
import { forgetFreeTest, loadFreeTestProgress, saveFreeTestProgress } from './saved-free-test';

/** What a free technician account gets: only what is free (My Mastery is the paid add-on, said apart). */
const FREE_FEATURES = [
  'freeTest.feature.questions',
  'freeTest.feature.adaptive',
  'freeTest.feature.exams',
  'freeTest.feature.guides',
  'freeTest.feature.analytics',
];

/**
 * Jumps to the top of the page. The explanation's smooth scroll may still be under way (Next or Finish pressed
 * as it shows): Chromium does not stop it for an instant scroll but shifts it by the jump, so the page would end
 * tens of pixels down. A second jump a frame later stops it.
 */
function jumpToTop() {
  window.scrollTo({ top: 0, behavior: 'instant' });
  requestAnimationFrame(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

export default function FreeTestPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const test = useFreeTest();
  const check = useCheckFreeAnswer();
  const finish = useFreeTestResult();
  // Kept across a reload, and offered to the account created next. A server-rendered page starts at the first
  // question, as its HTML does, and takes up the saved test once hydrated (ADR 0028).
  const hydrated = useHydrated();
  const [saved] = useState(() => (hydrated ? loadFreeTestProgress() : null));
  const [index, setIndex] = useState(saved?.index ?? 0);
  const [reveals, setReveals] = useState<Record<string, AnswerReveal>>(saved?.reveals ?? {});
  const [result, setResult] = useState<FreeTestResult | null>(saved?.result ?? null);
  const restoreAfterHydration = useRef(!hydrated);
  // Before the effect that saves progress, which would otherwise store the first question over it.
  useEffect(() => {
    if (!restoreAfterHydration.current) return;
    restoreAfterHydration.current = false;
    const progress = loadFreeTestProgress();
    if (!progress) return;
    // Taken up where it was left, as after a reload: no jump or focus move to the question.
    shown.current = progress.index;
    setIndex(progress.index);
    setReveals(progress.reveals);
    setResult(progress.result);
  }, []);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  /** Finish was pressed on this page: the results take focus (the button is gone). */
  const finishedHere = useRef(false);

  const questions = test.data?.questions ?? [];
  const question = questions[Math.min(index, Math.max(0, questions.length - 1))];
  const reveal = question ? reveals[question.id] : undefined;
  const itemLanguage = useItemLanguage(question?.id ?? '', Boolean(question?.es));
  const words = question ? pick(itemLanguage.language, question, question.es) : undefined;
  const revealWords = reveal ? pick(itemLanguage.language, reveal, reveal.es) : undefined;
  const isLast = index >= questions.length - 1;

  useEffect(() => {
    saveFreeTestProgress({ index, reveals, result });
  }, [index, reveals, result]);

  // After an answer, its explanation is brought into view above the bottom bar.
  const revealedId = reveal?.questionId;
  useEffect(() => {
    if (revealedId) feedbackRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [revealedId]);

  // A new question opens at its stem.
  const shown = useRef(index);
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    jumpToTop();
    questionRef.current?.focus({ preventScroll: true });
  }, [index]);

  const restart = () => {
    forgetFreeTest();
    setReveals({});
    setResult(null);
    setIndex(0);
  };

  const choose = (letter: Letter) => {
    if (!question || reveal || check.isPending) return;
    check.mutate(
      { questionId: question.id, answer: letter },
      { onSuccess: (r) => setReveals((prev) => ({ ...prev, [r.questionId]: r })) },
    );
  };

  const onFinish = () => {
    const answers = Object.fromEntries(Object.values(reveals).map((r) => [r.questionId, r.selected]));
    finish.mutate(answers, {
      onSuccess: (r) => {
        // The results replace the last question, which was scrolled to its explanation: open them at the
        // score, not where the question left the page.
        finishedHere.current = true;
        jumpToTop();
        setResult(r);
      },
    });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Logo />
          <span className="text-sm font-medium text-slate-700">
            <FormattedMessage id="freeTest.header" />
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 pt-6 pb-28 sm:pt-8">
        {test.isPending && <Spinner label={intl.formatMessage({ id: 'freeTest.loading' })} />}
        {test.error && <ErrorBox message={errorText(test.error)} />}
        {result ? (
          <Results result={result} onRestart={restart} afterFinish={finishedHere.current} />
        ) : (
          question && (
            <section
              aria-labelledby="question-title"
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
            >
              <div className="mb-6">
                <div className="mb-2 flex justify-between text-sm text-slate-700">
                  <span>
                    <FormattedMessage id="freeTest.progress" values={{ current: index + 1, total: questions.length }} />
                  </span>
                  <span>
                    <FormattedMessage id="freeTest.answered" values={{ count: Object.keys(reveals).length }} />
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={intl.formatMessage({ id: 'freeTest.progressLabel' })}
                  aria-valuemin={0}
                  aria-valuemax={questions.length}
                  aria-valuenow={index + 1}
                  className="h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full bg-blue-700 transition-all"
                    style={{ width: `${((index + 1) / questions.length) * 100}%` }}
                  />
                </div>
              </div>
              {words && (
                <ItemToolbar
                  state={itemLanguage}
                  speech={speechOf(words.question, words.options, [
                    revealWords?.explanation ?? null,
                    revealWords?.whyWrong ?? null,
                  ])}
                />
              )}
              <h1
                id="question-title"
                ref={questionRef}
                tabIndex={-1}
                lang={itemLanguage.language}
                className="text-lg leading-relaxed text-slate-900 focus:outline-none sm:text-xl"
              >
                <StemText text={words?.question ?? question.question} language={itemLanguage.language} />
              </h1>
              <fieldset aria-label={intl.formatMessage({ id: 'freeTest.options' })} className="mt-6 space-y-3">
                {LETTERS.map((letter) => {
                  const isChosen = reveal?.selected === letter;
                  const isKey = reveal?.correctAnswer === letter;
                  const tone = !reveal
                    ? 'border-slate-300 hover:border-blue-600 hover:bg-blue-50'
                    : isKey
                      ? 'border-green-600 bg-green-50'
                      : isChosen
                        ? 'border-red-600 bg-red-50'
                        : 'border-slate-200 opacity-70';
                  return (
                    <button
                      key={letter}
                      type="button"
                      disabled={Boolean(reveal) || check.isPending}
                      aria-pressed={isChosen}
                      onClick={() => choose(letter)}
                      className={`flex min-h-14 w-full items-start gap-3 rounded-xl border-2 p-4 text-left text-slate-900 transition-colors disabled:cursor-default ${tone}`}
                    >
                      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 font-bold">
                        {letter}
                      </span>
                      <span className="pt-0.5" lang={itemLanguage.language}>
                        {(words ?? question).options[letter]}
                      </span>
                    </button>
                  );
                })}
              </fieldset>
              <ErrorBox message={check.error ? errorText(check.error) : null} />
              {reveal && (
                <AnswerFeedback
                  id="answer-feedback"
                  ref={feedbackRef}
                  className="mt-6 scroll-mb-28"
                  correct={reveal.correct}
                  verdict={
                    reveal.correct ? (
                      <FormattedMessage id="freeTest.correct" />
                    ) : (
                      <FormattedMessage id="freeTest.incorrect" values={{ letter: reveal.correctAnswer }} />
                    )
                  }
                  explanation={revealWords?.explanation}
                  whyWrong={revealWords?.whyWrong ? [[reveal.selected, revealWords.whyWrong]] : []}
                  whyWrongId="freeTest.whyWrong"
                  language={itemLanguage.language}
                />
              )}
              <div className="mt-4">
                <ErrorBox message={finish.error ? errorText(finish.error) : null} />
              </div>
              {/* The next action stays in reach of a thumb, in the same place on every question. */}
              <nav
                aria-label={intl.formatMessage({ id: 'freeTest.actions' })}
                className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
              >
                <div className="mx-auto flex max-w-3xl items-center gap-2 px-3 py-2 sm:px-4">
                  <Button
                    variant="secondary"
                    className="min-h-12 px-3"
                    onClick={() => setIndex((i) => i - 1)}
                    disabled={index === 0}
                  >
                    <ChevronLeft className="h-5 w-5" aria-hidden="true" />
                    <FormattedMessage id="freeTest.previous" />
                  </Button>
                  {isLast ? (
                    <Button
                      className="min-h-14 flex-1 text-base"
                      onClick={onFinish}
                      disabled={!reveal || finish.isPending}
                    >
                      <FormattedMessage id={finish.isPending ? 'freeTest.scoring' : 'freeTest.finish'} />
                    </Button>
                  ) : (
                    <Button
                      className="min-h-14 flex-1 text-base"
                      onClick={() => setIndex((i) => i + 1)}
                      disabled={!reveal}
                    >
                      <FormattedMessage id="freeTest.next" />
                    </Button>
                  )}
                </div>
              </nav>
            </section>
          )
        )}
      </main>
    </div>
  );
}

function Results({
  result,
  onRestart,
  afterFinish,
}: {
  result: FreeTestResult;
  onRestart: () => void;
  afterFinish: boolean;
}) {
  const intl = useIntl();
  const passed = result.score >= PASS_MARK;
  const heading = useFocusWhenLost<HTMLHeadingElement>(afterFinish);
  const shopTrialId = useId();
  const masteryPrice = intl.formatNumber(ADAPTIVE_MASTERY_PRICE_CENTS / 100, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  });
  return (
    <section
      aria-labelledby="results-title"
      className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10"
    >
      <h1 ref={heading} id="results-title" className="text-2xl font-bold">
        <FormattedMessage id="freeTest.results.title" />
      </h1>
      <p className={`mt-4 text-6xl font-extrabold ${passed ? 'text-green-700' : 'text-amber-700'}`}>{result.score}%</p>
      <p className="mt-2 text-lg text-slate-800">
        <FormattedMessage id="freeTest.results.correct" values={{ correct: result.correct, total: result.total }} />
      </p>
      <p className="mx-auto mt-4 max-w-xl text-slate-800">
        <FormattedMessage id={passed ? 'freeTest.results.passed' : 'freeTest.results.notPassed'} />
      </p>
      <div className="mx-auto mt-8 max-w-md text-left">
        <h2 className="font-semibold">
          <FormattedMessage id="freeTest.results.freeIntro" />
        </h2>
        <ul className="mt-3 space-y-2">
          {FREE_FEATURES.map((f) => (
            <li key={f} className="flex gap-2 text-slate-800">
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
              <FormattedMessage id={f} />
            </li>
          ))}
        </ul>
        <p className="mt-3 flex gap-2 text-sm text-slate-700">
          <Sparkles className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
          <FormattedMessage id="freeTest.results.masteryAddOn" values={{ price: masteryPrice }} />
        </p>
      </div>
      {/* The technician who just took the test: their free account first. */}
      <ButtonLink to="/sign-up" size="lg" className="mt-8 w-full sm:w-auto">
        <FormattedMessage id="freeTest.results.createAccount" />
      </ButtonLink>
      <p className="mt-4 text-sm text-slate-700">
        <FormattedMessage id="freeTest.results.kept" />{' '}
        <button type="button" onClick={onRestart} className="min-h-11 font-semibold text-blue-800 underline">
          <FormattedMessage id="freeTest.results.again" />
        </button>
      </p>
      {/* The shop trial is a manager's: second, said to be for shops, and it opens sign-up as Shop Manager. */}
      <div className="mx-auto mt-6 max-w-md rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p id={shopTrialId} className="text-sm text-slate-800">
          <FormattedMessage id="freeTest.results.shopTrial" />
        </p>
        <ButtonLink
          to="/sign-up?role=manager"
          variant="secondary"
          size="lg"
          className="mt-3 w-full sm:w-auto"
          aria-describedby={shopTrialId}
        >
          <FormattedMessage id="freeTest.results.startTrial" />
        </ButtonLink>
      </div>
      <ButtonLink to="/" variant="ghost" size="lg" className="mt-4">
        <FormattedMessage id="common.backToHomepage" />
      </ButtonLink>
    </section>
  );
}
