import { Medal, Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LeaderboardEntry, UserRank } from '../../../domain/contracts/master-challenge';
import { formatMinutesSeconds, relativeDay } from '../../../domain/master-challenge';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Spinner } from '../../components/ui/spinner';
import { EmailVerificationNotice } from '../account';
import { useEligibility, useLeaderboard, useMyRank } from './api';
import { ChallengeNav } from './challenge-nav';
import { useScoreText } from './challenge-results';
import { LeaderboardNameSetting } from './leaderboard-name-setting';

const MEDAL = {
  1: { label: 'masterChallenge.leaderboard.gold', tone: 'text-amber-500' },
  2: { label: 'masterChallenge.leaderboard.silver', tone: 'text-slate-400' },
  3: { label: 'masterChallenge.leaderboard.bronze', tone: 'text-orange-700' },
} as const;
const TOP_STYLED = 10;

/** Leaderboard and rank load failures are only logged; the board keeps what it last showed. */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.warn(`Master Challenge ${what} failed to load`, error);
  }, [error, what]);
}

/** /app/leaderboard — the top 30 valid attempts, the technician's own rank, refreshed every 30 s. */
export default function LeaderboardPage() {
  const intl = useIntl();
  const board = useLeaderboard();
  const rank = useMyRank();
  // The intro's own query: "Take the Challenge" is offered only when an attempt could start (or resume), never
  // during the 24-hour cooldown, where it led to "You must wait 24 hours…".
  const eligibility = useEligibility();
  const canTake = eligibility.data !== undefined && eligibility.data.status !== 'cooldown';
  useLogFailure(board.error, 'leaderboard');
  useLogFailure(rank.error, 'rank');

  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <ChallengeNav />
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <Trophy className="h-7 w-7 text-amber-600" aria-hidden="true" />
            <FormattedMessage id="masterChallenge.leaderboard.title" />
          </h1>
          <p className="mt-1 text-slate-700">
            <FormattedMessage id="masterChallenge.leaderboard.subtitle" />
          </p>
        </div>
        {/* Only verified e-mails are on the global board; an unverified technician is told why. */}
        <EmailVerificationNotice />
        {rank.data && <OwnRank rank={rank.data} canTake={canTake} />}
        {rank.data && <LeaderboardNameSetting rank={rank.data} />}
        {board.isPending && <Spinner label={intl.formatMessage({ id: 'masterChallenge.leaderboard.loading' })} />}
        {board.data && <Board entries={board.data.entries} canTake={canTake} />}
        {board.error && !board.data && (
          // Nothing to show yet: a quiet note and a retry; the automatic refresh keeps trying too.
          <div className="rounded-2xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
            <p>
              <FormattedMessage id="masterChallenge.leaderboard.unavailable" />
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => board.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
      </main>
    </div>
  );
}

/** Why a ranked technician is not on the board, to its sentence (ADR 0034, ADR 0040). */
const OFF_BOARD = {
  unverified: 'masterChallenge.rank.offBoard.unverified',
  hidden: 'masterChallenge.rank.offBoard.hidden',
} as const;

function OwnRank({ rank, canTake }: { rank: UserRank; canTake: boolean }) {
  const intl = useIntl();
  const scoreText = useScoreText();
  if (rank.userRank === null) {
    return (
      <section
        aria-labelledby="own-rank"
        className="flex flex-col gap-3 rounded-2xl bg-blue-50 p-5 ring-1 ring-blue-200 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="own-rank" className="font-semibold text-slate-900">
            <FormattedMessage id="masterChallenge.rank.title" />
          </h2>
          <p className="text-slate-800">
            <FormattedMessage id="masterChallenge.rank.unranked" values={{ attempts: rank.totalAttempts }} />
          </p>
        </div>
        {canTake && (
          <ButtonLink to="/app/master-challenge" className="min-h-11">
            <FormattedMessage id="masterChallenge.takeChallenge" />
          </ButtonLink>
        )}
      </section>
    );
  }
  // Ranks stay true ranks, counted over every best (ADR 0034): one that the board does not show is not read as a
  // place on it ("#1 of 1" beside "No one is on the leaderboard yet"); the card says why and where they would be.
  const offBoard = rank.offBoard;
  const stats = [
    ...(offBoard
      ? []
      : [
          {
            label: 'masterChallenge.rank.position',
            value: intl.formatMessage(
              { id: 'masterChallenge.rank.of' },
              { rank: rank.userRank, total: intl.formatNumber(rank.totalCompetitors) },
            ),
          },
        ]),
    { label: 'masterChallenge.rank.bestScore', value: scoreText(rank.bestScore ?? 0) },
    { label: 'masterChallenge.rank.bestTime', value: formatMinutesSeconds(rank.bestTime ?? 0) },
    { label: 'masterChallenge.rank.attempts', value: intl.formatNumber(rank.totalAttempts) },
  ];
  return (
    <section aria-labelledby="own-rank" className="rounded-2xl bg-blue-50 p-5 ring-1 ring-blue-200">
      <h2 id="own-rank" className="font-semibold text-slate-900">
        <FormattedMessage id="masterChallenge.rank.title" />
      </h2>
      {offBoard && (
        <p className="mt-1 text-slate-800">
          <FormattedMessage id={OFF_BOARD[offBoard]} values={{ rank: rank.userRank }} />
        </p>
      )}
      <dl className={`mt-3 grid grid-cols-2 gap-3 ${offBoard ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}>
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl bg-white p-3">
            <dt className="text-sm text-slate-700">
              <FormattedMessage id={s.label} />
            </dt>
            <dd className="text-lg font-bold text-slate-900">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Board({ entries, canTake }: { entries: LeaderboardEntry[]; canTake: boolean }) {
  const intl = useIntl();
  const scoreText = useScoreText();
  const now = new Date();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const when = (iso: string) => {
    const date = new Date(iso);
    const day = relativeDay(date, now, timeZone);
    if (day.kind === 'today') return intl.formatMessage({ id: 'masterChallenge.date.today' });
    if (day.kind === 'yesterday') return intl.formatMessage({ id: 'masterChallenge.date.yesterday' });
    if (day.kind === 'daysAgo') return intl.formatMessage({ id: 'masterChallenge.date.daysAgo' }, { days: day.days });
    return intl.formatDate(date, { dateStyle: 'medium' });
  };

  return (
    <DataTable
      look="boxed"
      caption={<FormattedMessage id="masterChallenge.leaderboard.caption" />}
      rows={entries}
      rowKey={(entry) => entry.attemptId}
      empty={
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">
            <FormattedMessage id="masterChallenge.leaderboard.empty" />
          </p>
          {canTake && (
            <ButtonLink to="/app/master-challenge" className="mt-4 min-h-11">
              <FormattedMessage id="masterChallenge.takeChallenge" />
            </ButtonLink>
          )}
        </div>
      }
      rowProps={(entry) => {
        const top = entry.rank <= TOP_STYLED;
        return {
          'data-rank': entry.rank,
          'data-top': top,
          'aria-current': entry.isYou ? 'true' : undefined,
          className: entry.isYou ? 'bg-blue-50 font-semibold' : top ? 'bg-amber-50/60' : undefined,
        };
      }}
      columns={[
        {
          key: 'rank',
          header: <FormattedMessage id="masterChallenge.leaderboard.rank" />,
          cell: (entry) => {
            const medal = MEDAL[entry.rank as keyof typeof MEDAL];
            return (
              <span className="flex items-center gap-1.5">
                {medal ? (
                  <Medal
                    className={`h-5 w-5 ${medal.tone}`}
                    role="img"
                    aria-label={intl.formatMessage({ id: medal.label })}
                  />
                ) : null}
                <span className={entry.rank <= TOP_STYLED ? 'font-bold text-slate-900' : 'text-slate-700'}>
                  {entry.rank}
                </span>
              </span>
            );
          },
        },
        {
          key: 'technician',
          header: <FormattedMessage id="masterChallenge.leaderboard.technician" />,
          cell: (entry) => (
            <>
              <span className="block text-slate-900">
                {entry.fullName}
                {entry.isYou && (
                  <span className="ml-2 rounded bg-blue-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    <FormattedMessage id="masterChallenge.leaderboard.you" />
                  </span>
                )}
              </span>
              {/* A phone has no Date column: the day goes under the name. */}
              <span className="block text-xs text-slate-600 sm:hidden">{when(entry.completedAt)}</span>
            </>
          ),
        },
        {
          key: 'score',
          header: <FormattedMessage id="masterChallenge.leaderboard.score" />,
          align: 'end',
          className: 'font-semibold tabular-nums',
          cell: (entry) => scoreText(entry.score),
        },
        {
          key: 'time',
          header: <FormattedMessage id="masterChallenge.leaderboard.time" />,
          align: 'end',
          className: 'font-mono tabular-nums',
          cell: (entry) => formatMinutesSeconds(entry.completionTimeSeconds),
        },
        {
          key: 'date',
          header: <FormattedMessage id="masterChallenge.leaderboard.date" />,
          from: 'sm',
          className: 'text-slate-700',
          cell: (entry) => when(entry.completedAt),
        },
      ]}
    />
  );
}
