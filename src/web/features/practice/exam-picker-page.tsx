import { ClipboardList, Clock, Flag, Send } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SIMULATION_UNSCORED_ITEMS } from '../../../domain/ase-simulation';
import { EXAM_DURATION_SECONDS, EXAM_QUESTION_COUNT } from '../../../domain/exam-assembly';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { useCategories } from '../categories';
import { ActionBar } from './action-bar';
import { StartTestButton } from './start-test-button';

const FULL = 'full';
/** An ASE simulation's choice is `sim:<category id>`. */
const SIMULATION = 'sim:';

/**
 * The exam selector (docs/PRODUCT.md#tests: the full comprehensive exam or one category, or an ASE simulation of
 * one category), then a briefing before the clock starts: the clock starts only with Start Exam
 * on the briefing.
 */
export default function ExamPickerPage() {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const errorText = useErrorText();
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('exam');
  const [choice, setChoice] = useState(params.get('choice') ?? FULL);
  const options = [
    { id: FULL, label: intl.formatMessage({ id: 'practice.exams.full' }) },
    ...(categories.data ?? []).map((c) => ({ id: c.id, label: `${c.code} ${categoryName(c.code, c.name)}` })),
  ];
  const simulations = (categories.data ?? []).flatMap((c) =>
    c.simulation
      ? [
          {
            id: `${SIMULATION}${c.id}`,
            categoryId: c.id,
            title: intl.formatMessage(
              { id: 'practice.title.simulation' },
              { category: `${c.code} ${categoryName(c.code, c.name)}` },
            ),
            label: intl.formatMessage(
              { id: 'practice.simulation.option' },
              {
                category: `${c.code} ${categoryName(c.code, c.name)}`,
                count: c.simulation.scoredQuestions + SIMULATION_UNSCORED_ITEMS,
                minutes: c.simulation.minutes,
              },
            ),
            ...c.simulation,
          },
        ]
      : [],
  );
  const chosenSimulation = simulations.find((o) => o.id === chosen);
  const chosenOption = options.find((o) => o.id === chosen);

  if (chosen && categories.data && (chosenOption || chosenSimulation)) {
    const minutes = EXAM_DURATION_SECONDS / 60;
    const rules = chosenSimulation
      ? [
          {
            icon: ClipboardList,
            id: 'practice.simulation.questions',
            values: {
              count: chosenSimulation.scoredQuestions + SIMULATION_UNSCORED_ITEMS,
              scored: chosenSimulation.scoredQuestions,
              unscored: SIMULATION_UNSCORED_ITEMS,
            },
          },
          { icon: Clock, id: 'practice.simulation.minutes', values: { minutes: chosenSimulation.minutes } },
          { icon: Send, id: 'practice.briefing.autoSubmit', values: {} },
          { icon: Flag, id: 'practice.briefing.flag', values: {} },
        ]
      : [
          { icon: ClipboardList, id: 'practice.briefing.questions', values: { count: EXAM_QUESTION_COUNT } },
          { icon: Clock, id: 'practice.briefing.minutes', values: { minutes } },
          { icon: Send, id: 'practice.briefing.autoSubmit', values: {} },
          { icon: Flag, id: 'practice.briefing.flag', values: {} },
        ];
    return (
      <div className="min-h-screen bg-slate-50">
        <TechHeader />
        <main className="mx-auto max-w-xl px-4 py-8">
          <p className="text-sm font-semibold text-blue-800">{chosenSimulation?.title ?? chosenOption?.label}</p>
          <h1 className="mt-1 text-2xl font-bold">
            <FormattedMessage id="practice.briefing.title" />
          </h1>
          <ul className="mt-6 space-y-3">
            {rules.map((r) => (
              <li key={r.id} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <r.icon className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
                <span>
                  <FormattedMessage id={r.id} values={r.values} />
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3">
            <StartTestButton
              request={
                chosenSimulation
                  ? { kind: 'simulation', categoryId: chosenSimulation.categoryId }
                  : { kind: 'exam', categoryId: chosen === FULL ? null : chosen }
              }
              action="startExam"
              size="lg"
              className="w-full"
            />
            <Button variant="secondary" onClick={() => setParams({ choice: chosen })}>
              <FormattedMessage id="practice.briefing.change" />
            </Button>
          </div>
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      {/* The page's own bottom bar (Continue) takes the tab bar's place on a phone. */}
      <TechHeader tabs={false} />
      <main className="mx-auto max-w-xl px-4 pt-8 pb-28">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="practice.exams.title" />
        </h1>
        <p className="mt-2 text-slate-700">
          <FormattedMessage
            id="practice.exams.intro"
            values={{ count: EXAM_QUESTION_COUNT, minutes: EXAM_DURATION_SECONDS / 60 }}
          />
        </p>
        {categories.isPending && <Spinner />}
        {categories.error && (
          <div className="mt-4 space-y-3">
            <ErrorBox message={errorText(categories.error)} />
            <Button onClick={() => void categories.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        {categories.data && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setParams({ exam: choice });
            }}
          >
            <fieldset className="mt-6 space-y-2">
              <legend className="mb-2 font-semibold">
                <FormattedMessage id="practice.exams.select" />
              </legend>
              {options.map((option) => (
                <ExamChoice key={option.id} option={option} choice={choice} onChoose={setChoice} />
              ))}
            </fieldset>
            {simulations.length > 0 && (
              <fieldset className="mt-8 space-y-2">
                <legend className="mb-1 font-semibold">
                  <FormattedMessage id="practice.simulation.heading" />
                </legend>
                <p className="mb-3 text-sm text-slate-700">
                  <FormattedMessage id="practice.simulation.intro" />
                </p>
                {simulations.map((option) => (
                  <ExamChoice key={option.id} option={option} choice={choice} onChoose={setChoice} />
                ))}
              </fieldset>
            )}
            <div className="mt-6">
              <ButtonLink to="/app" variant="secondary" size="lg" className="w-full sm:w-auto">
                <FormattedMessage id="common.backToDashboard" />
              </ButtonLink>
            </div>
            {/* Continue in the flow's fixed bottom bar, not 1,600 px down below 17 choices. */}
            <ActionBar label={intl.formatMessage({ id: 'practice.exams.actions' })}>
              <Button type="submit" size="lg" className="w-full sm:mx-auto sm:max-w-xl">
                <FormattedMessage id="practice.exams.continue" />
              </Button>
            </ActionBar>
          </form>
        )}
      </main>
    </div>
  );
}

/** One exam to choose: a radio card in the one `exam` group (the spec's exams and the ASE simulations). */
function ExamChoice({
  option,
  choice,
  onChoose,
}: {
  option: { id: string; label: string };
  choice: string;
  onChoose: (id: string) => void;
}) {
  return (
    <label
      className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${choice === option.id ? 'border-blue-700 bg-blue-50' : 'border-slate-200'}`}
    >
      <input
        type="radio"
        name="exam"
        value={option.id}
        checked={choice === option.id}
        onChange={() => onChoose(option.id)}
        className="h-5 w-5 shrink-0 accent-blue-700"
      />
      {option.label}
    </label>
  );
}
