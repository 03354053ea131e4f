import { CheckCircle2, Lock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ACHIEVEMENT_CATEGORIES, type AchievementCategory, type ProgressUnit } from '../../../domain/achievements';
import type { AchievementStatus } from '../../../domain/contracts/achievements';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { AchievementIcon } from './achievement-icon';
import { useAchievementText } from './achievement-text';
import { useAchievementsPanel } from './api';
import { PracticeStreakCard } from './practice-streak-card';

const SHOW = ['all', 'earned', 'locked'] as const;
type Show = (typeof SHOW)[number];

const SHOW_LABEL: Record<Show, string> = {
  all: 'achievements.filter.all',
  earned: 'achievements.filter.earned',
  locked: 'achievements.filter.locked',
};
const CATEGORY_LABEL: Record<AchievementCategory, string> = {
  milestone: 'achievements.category.milestone',
  mastery: 'achievements.category.mastery',
  streak: 'achievements.category.streak',
  special: 'achievements.category.special',
};
const PROGRESS_LABEL: Record<ProgressUnit, string> = {
  tests: 'achievements.progress.tests',
  score: 'achievements.progress.score',
  passes: 'achievements.progress.passes',
  categories: 'achievements.progress.categories',
};

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const chip = (active: boolean) =>
  `min-h-11 rounded-full px-4 text-sm font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
    active ? 'bg-blue-700 text-white ring-blue-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
  }`;

/** /app/achievements — the Achievements panel (docs/PRODUCT.md#achievements): every achievement earned or locked, with filters. */
export default function AchievementsPage() {
  const panel = useAchievementsPanel();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const show: Show = (SHOW as readonly string[]).includes(params.get('show') ?? '')
    ? (params.get('show') as Show)
    : 'all';
  const category = (ACHIEVEMENT_CATEGORIES as readonly string[]).includes(params.get('category') ?? '')
    ? (params.get('category') as AchievementCategory)
    : null;
  const setFilter = (key: 'show' | 'category', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === 'all') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const list = (panel.data?.achievements ?? []).filter(
    (a) =>
      (show === 'all' || (show === 'earned') === (a.earnedAt !== null)) &&
      (category === null || a.category === category),
  );

  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <section>
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="common.tech.achievements" />
          </h1>
          <p className="mt-1 text-slate-700">
            <FormattedMessage id="achievements.page.intro" />
          </p>
        </section>

        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <div className={card}>
            <p className="text-sm text-slate-700">
              <FormattedMessage id="achievements.summary.points" />
            </p>
            <p className="mt-1 text-3xl font-bold">{panel.data ? panel.data.totalPoints : '–'}</p>
          </div>
          <div className={card}>
            <p className="text-sm text-slate-700">
              <FormattedMessage id="achievements.summary.earned" />
            </p>
            <p className="mt-1 text-3xl font-bold">
              {panel.data ? (
                <FormattedMessage
                  id="achievements.summary.earnedOf"
                  values={{ earned: panel.data.earnedCount, total: panel.data.achievements.length }}
                />
              ) : (
                '–'
              )}
            </p>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <PracticeStreakCard />
          </div>
        </div>

        <Filters show={show} category={category} onChange={setFilter} />

        {panel.isPending && <Spinner />}
        {panel.error && (
          <div className="space-y-3">
            <ErrorBox message={errorText(panel.error)} />
            <Button variant="secondary" className="min-h-11" onClick={() => void panel.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        {panel.data && list.length === 0 && <EmptyState show={show} />}
        {list.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((a) => (
              <AchievementCard key={a.code} achievement={a} />
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function Filters({
  show,
  category,
  onChange,
}: {
  show: Show;
  category: AchievementCategory | null;
  onChange: (key: 'show' | 'category', value: string | null) => void;
}) {
  const intl = useIntl();
  return (
    <div className="space-y-3">
      <fieldset aria-label={intl.formatMessage({ id: 'achievements.filter.show' })} className="flex flex-wrap gap-2">
        {SHOW.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={show === value}
            className={chip(show === value)}
            onClick={() => onChange('show', value)}
          >
            <FormattedMessage id={SHOW_LABEL[value]} />
          </button>
        ))}
      </fieldset>
      <fieldset
        aria-label={intl.formatMessage({ id: 'achievements.filter.category' })}
        className="flex flex-wrap gap-2"
      >
        <button
          type="button"
          aria-pressed={category === null}
          className={chip(category === null)}
          onClick={() => onChange('category', null)}
        >
          <FormattedMessage id="achievements.filter.allCategories" />
        </button>
        {ACHIEVEMENT_CATEGORIES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={category === value}
            className={chip(category === value)}
            onClick={() => onChange('category', value)}
          >
            <FormattedMessage id={CATEGORY_LABEL[value]} />
          </button>
        ))}
      </fieldset>
    </div>
  );
}

function EmptyState({ show }: { show: Show }) {
  return (
    <div className={`${card} text-center`}>
      <p className="text-slate-700">
        {show === 'locked' ? (
          <FormattedMessage id="achievements.empty.locked" />
        ) : (
          <FormattedMessage id="achievements.empty.earned" />
        )}
      </p>
      {show !== 'locked' && (
        <ButtonLink to="/app" className="mt-4 min-h-12">
          <FormattedMessage id="achievements.empty.start" />
        </ButtonLink>
      )}
    </div>
  );
}

function AchievementCard({ achievement: a }: { achievement: AchievementStatus }) {
  const intl = useIntl();
  const text = useAchievementText()(a);
  const earned = a.earnedAt !== null;
  const percent = Math.round((100 * a.progress) / a.target);
  return (
    <li className={`${card} flex gap-4 ${earned ? '' : 'bg-slate-50/60'}`}>
      <span
        className={`relative flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${
          earned ? 'bg-amber-100 text-amber-700' : 'bg-slate-100 text-slate-500'
        }`}
      >
        <AchievementIcon name={a.icon} />
        {!earned && (
          <Lock
            className="absolute -right-1 -bottom-1 h-5 w-5 rounded-full bg-white p-0.5 text-slate-600"
            aria-hidden="true"
          />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <h2 className="font-semibold">{text.name}</h2>
          <span className="text-sm font-semibold text-slate-700">
            <FormattedMessage id="achievements.card.points" values={{ points: a.points }} />
          </span>
        </div>
        <p className="text-sm text-slate-700">{text.description}</p>
        <p className="mt-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <FormattedMessage id={CATEGORY_LABEL[a.category]} />
        </p>
        {earned ? (
          <p className="mt-2 flex items-center gap-1 text-sm font-semibold text-green-800">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage
              id="achievements.card.earned"
              values={{ date: intl.formatDate(a.earnedAt as string, { dateStyle: 'medium' }) }}
            />
          </p>
        ) : (
          <div className="mt-2">
            <p className="flex flex-wrap items-center justify-between gap-x-3 text-sm text-slate-700">
              <span>
                <FormattedMessage id="achievements.card.locked" />
              </span>
              <span>
                <FormattedMessage id={PROGRESS_LABEL[a.unit]} values={{ progress: a.progress, target: a.target }} />
              </span>
            </p>
            <div
              role="progressbar"
              aria-label={intl.formatMessage({ id: 'achievements.card.progressLabel' }, { name: text.name })}
              aria-valuemin={0}
              aria-valuemax={a.target}
              aria-valuenow={a.progress}
              aria-valuetext={intl.formatMessage(
                { id: PROGRESS_LABEL[a.unit] },
                { progress: a.progress, target: a.target },
              )}
              className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-blue-700" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
