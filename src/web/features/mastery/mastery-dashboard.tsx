import { Award, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { CategoryMastery, MasteryDashboard } from '../../../domain/contracts/mastery';
import { estimateEvidence } from '../../../domain/readiness';
import { DataTable } from '../../components/ui/data-table';
import { useAreaName } from '../../i18n/area-name';
import { useCategoryName } from '../../i18n/category-name';
import { StartTestButton } from '../practice';

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

const LEVEL = {
  Expert: { id: 'mastery.level.expert', tone: 'bg-emerald-100 text-emerald-900' },
  Advanced: { id: 'mastery.level.advanced', tone: 'bg-green-100 text-green-900' },
  Intermediate: { id: 'mastery.level.intermediate', tone: 'bg-blue-100 text-blue-900' },
  Developing: { id: 'mastery.level.developing', tone: 'bg-amber-100 text-amber-900' },
  Beginner: { id: 'mastery.level.beginner', tone: 'bg-orange-100 text-orange-900' },
  New: { id: 'mastery.level.new', tone: 'bg-slate-100 text-slate-800' },
} as const;
const DIFFICULTY = {
  Hard: 'mastery.difficulty.hard',
  Medium: 'mastery.difficulty.medium',
  Easy: 'mastery.difficulty.easy',
} as const;
const ADVICE = {
  '15-20': 'mastery.advice.15-20',
  '30-45': 'mastery.advice.30-45',
  '45-60': 'mastery.advice.45-60',
  '60+': 'mastery.advice.60+',
} as const;

const pct = (value: number) => <FormattedNumber value={value} style="percent" maximumFractionDigits={0} />;

/** The level as words on a tinted badge (the words carry it; the tint only echoes them). */
export function LevelBadge({ level }: { level: CategoryMastery['level'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${LEVEL[level].tone}`}>
      <FormattedMessage id={LEVEL[level].id} />
    </span>
  );
}

/**
 * The pass estimate in words (ADR 0015): chance, expected score with its band, and how reliable it is.
 * No chance before 3 tests' worth of answers (`estimateEvidence`): from one test it reads as a verdict.
 * A manager reads it about a technician (`audience`), so nothing in it says "your" or tells them to test.
 */
export function PassEstimate({
  category,
  audience = 'self',
}: {
  category: Pick<CategoryMastery, 'code' | 'estimate' | 'questionsAttempted'>;
  audience?: 'self' | 'manager';
}) {
  const e = category.estimate;
  const manager = audience === 'manager';
  if (e.passProbability === null || e.expectedScore === null) {
    return (
      <p className="text-sm text-slate-700">
        <FormattedMessage
          id={manager ? 'mastery.estimate.noneManager' : 'mastery.estimate.none'}
          values={{ code: category.code }}
        />
      </p>
    );
  }
  const evidence = estimateEvidence(category.questionsAttempted);
  if (!evidence.enough) {
    return (
      <p className="text-sm text-slate-700">
        <FormattedMessage
          id="mastery.estimate.notEnough"
          values={{ code: category.code, tests: evidence.tests, needed: evidence.needed }}
        />
      </p>
    );
  }
  return (
    <div className="space-y-1 text-sm">
      <p className="font-semibold">
        <FormattedMessage
          id="mastery.estimate.chance"
          values={{ code: category.code, chance: pct(e.passProbability) }}
        />
      </p>
      <p className="text-slate-700">
        <FormattedMessage
          id="mastery.estimate.score"
          values={{ score: pct(e.expectedScore), low: pct(e.bandLow ?? 0), high: pct(e.bandHigh ?? 1) }}
        />
      </p>
      <p className={e.reliable ? 'text-slate-700' : 'font-medium text-amber-900'}>
        {e.reliable ? (
          <FormattedMessage id="mastery.estimate.reliable" values={{ count: e.questionsAttempted }} />
        ) : e.testsNeeded ? (
          <FormattedMessage
            id={manager ? 'mastery.estimate.moreTestsManager' : 'mastery.estimate.moreTests'}
            values={{ count: e.testsNeeded, code: category.code }}
          />
        ) : (
          <FormattedMessage
            id={manager ? 'mastery.estimate.manyMoreTestsManager' : 'mastery.estimate.manyMoreTests'}
            values={{ code: category.code }}
          />
        )}
      </p>
    </div>
  );
}

/** Starts an adaptive test in the category (a category test is adaptive, ADR 0004), or resumes the open one. */
function PracticeButton({ category }: { category: CategoryMastery }) {
  const categoryName = useCategoryName();
  return (
    <StartTestButton
      request={{ kind: 'category', categoryId: category.id }}
      context={`${category.code} ${categoryName(category.code, category.name)}`}
      className="min-h-11"
    />
  );
}

function FocusList({
  titleId,
  emptyId,
  icon: Icon,
  codes,
  byCode,
}: {
  titleId: string;
  emptyId: string;
  icon: typeof Target;
  codes: string[];
  byCode: Map<string, CategoryMastery>;
}) {
  const categoryName = useCategoryName();
  return (
    <section className={card} aria-labelledby={titleId}>
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 text-blue-700" aria-hidden="true" />
        <FormattedMessage id={titleId} />
      </h2>
      {codes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          <FormattedMessage id={emptyId} />
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {codes.map((code) => {
            const c = byCode.get(code) as CategoryMastery;
            return (
              <li key={code} className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-semibold">
                    {c.code} {categoryName(c.code, c.name)}
                  </p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <LevelBadge level={c.level} />
                    <FormattedMessage id="mastery.readinessValue" values={{ value: c.readiness }} />
                  </p>
                </div>
                <PracticeButton category={c} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function AreaTable({ category }: { category: CategoryMastery }) {
  const areaName = useAreaName();
  return (
    <details className="mt-4">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-blue-800">
        <FormattedMessage id="mastery.areas.title" values={{ count: category.areas.length }} />
      </summary>
      <DataTable
        className="mt-2"
        caption={<FormattedMessage id="mastery.areas.caption" values={{ code: category.code }} />}
        rows={category.areas}
        rowKey={(a) => a.name}
        rowProps={() => ({ className: 'align-top' })}
        columns={[
          {
            key: 'area',
            header: <FormattedMessage id="mastery.areas.area" />,
            rowHeader: true,
            cell: (a) => areaName(category.code, a.name),
          },
          {
            key: 'share',
            header: <FormattedMessage id="mastery.areas.share" />,
            align: 'end',
            cell: (a) => pct(a.share / 100),
          },
          {
            key: 'answered',
            header: <FormattedMessage id="mastery.areas.answered" />,
            align: 'end',
            cell: (a) => a.questionsAttempted,
          },
          {
            key: 'correct',
            header: <FormattedMessage id="mastery.areas.correct" />,
            align: 'end',
            cell: (a) =>
              a.questionsAttempted > 0 ? (
                pct(a.correctAnswers / a.questionsAttempted)
              ) : (
                <FormattedMessage id="mastery.none" />
              ),
          },
        ]}
      />
    </details>
  );
}

function CategoryCard({ category: c }: { category: CategoryMastery }) {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const stats: [string, ReactNode][] = [
    ['mastery.stat.answered', c.questionsAttempted],
    ['mastery.stat.correct', c.correctAnswers],
    [
      'mastery.stat.recent',
      c.questionsAttempted > 0 ? pct(c.recentPerformance) : <FormattedMessage key="r" id="mastery.none" />,
    ],
    [
      'mastery.stat.mastered',
      <FormattedMessage
        key="m"
        id="mastery.stat.masteredValue"
        values={{ mastered: c.questionsMastered, total: c.questionsInBank }}
      />,
    ],
    ['mastery.stat.difficulty', <FormattedMessage key="d" id={DIFFICULTY[c.difficulty]} />],
    ['mastery.stat.advice', <FormattedMessage key="a" id={ADVICE[c.advice]} />],
  ];
  return (
    <li className={`${card} flex flex-col`}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold">
          <span className="text-blue-800">{c.code}</span> {categoryName(c.code, c.name)}
        </h3>
        <LevelBadge level={c.level} />
      </div>
      <p className="mt-3 text-sm font-semibold">
        <FormattedMessage id="mastery.readinessValue" values={{ value: c.readiness }} />
      </p>
      <div
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={c.readiness}
        aria-label={intl.formatMessage({ id: 'mastery.readinessLabel' }, { code: c.code })}
      >
        <div className="h-full rounded-full bg-blue-700" style={{ width: `${c.readiness}%` }} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-700">
              <FormattedMessage id={label} />
            </dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 rounded-lg bg-slate-50 p-3">
        <PassEstimate category={c} />
      </div>
      <AreaTable category={c} />
      <div className="mt-auto pt-4">
        <PracticeButton category={c} />
      </div>
    </li>
  );
}

/** The mastery dashboard (docs/PRODUCT.md#mastery-levels-and-readiness): weak and strong areas, then every category in detail. */
export function MasteryDashboardView({ data }: { data: MasteryDashboard }) {
  const byCode = new Map(data.categories.map((c) => [c.code, c]));
  const practised = data.categories.some((c) => c.questionsAttempted > 0);
  return (
    <div className="space-y-6">
      {!practised && (
        <p className="rounded-xl bg-blue-50 p-4 text-blue-950 ring-1 ring-blue-200">
          <FormattedMessage id="mastery.empty" />
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <FocusList
          titleId="mastery.weak.title"
          emptyId="mastery.weak.empty"
          icon={Target}
          codes={data.weakAreas}
          byCode={byCode}
        />
        <FocusList
          titleId="mastery.strong.title"
          emptyId="mastery.strong.empty"
          icon={Award}
          codes={data.strongAreas}
          byCode={byCode}
        />
      </div>
      <section aria-labelledby="mastery-categories">
        <h2 id="mastery-categories" className="text-xl font-semibold">
          <FormattedMessage id="mastery.categories.title" />
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {data.categories.map((c) => (
            <CategoryCard key={c.id} category={c} />
          ))}
        </ul>
      </section>
    </div>
  );
}
