import { Flame } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/ui/button';
import { usePracticeStreak } from './api';

/** The practice streak (docs/PRODUCT.md#practice-streak): days in a row with a completed test, counted by the server. */
export function PracticeStreakCard() {
  const streak = usePracticeStreak();
  const days = streak.data?.days ?? 0;
  const alive = days > 0;
  return (
    <section
      aria-labelledby="streak-title"
      className="flex h-full items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <span
        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${alive ? 'bg-orange-100 text-orange-700' : 'bg-slate-100 text-slate-500'}`}
      >
        <Flame className="h-6 w-6" aria-hidden="true" />
      </span>
      <div className="min-h-12 min-w-0 flex-1">
        <h2 id="streak-title" className="text-sm text-slate-700">
          <FormattedMessage id="achievements.streak.title" />
        </h2>
        {streak.isPending && (
          <p className="text-2xl font-bold text-slate-400" aria-hidden="true">
            –
          </p>
        )}
        {streak.error && (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-red-800">
              <FormattedMessage id="achievements.streak.error" />
            </p>
            <Button variant="secondary" size="sm" className="min-h-11" onClick={() => void streak.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        {streak.data && (
          <>
            <p className="text-2xl font-bold">
              <FormattedMessage id="achievements.streak.days" values={{ days }} />
            </p>
            <p className="text-sm text-slate-700">
              {streak.data.practicedToday ? (
                <FormattedMessage id="achievements.streak.doneToday" />
              ) : alive ? (
                <FormattedMessage id="achievements.streak.keepGoing" />
              ) : (
                <FormattedMessage id="achievements.streak.start" />
              )}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
