import { Clock, Layers, ListOrdered, ShieldAlert, Trophy } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Eligibility } from '../../../domain/contracts/master-challenge';
import {
  formatMinutesSeconds,
  MC_BASE_WORDS,
  MC_SECONDS_PER_QUESTION,
  scoreOneDecimal,
} from '../../../domain/master-challenge';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { beforeFullStop } from '../../i18n/full-stop';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { EmailVerificationNotice } from '../account';
import { useEligibility, useStartChallenge } from './api';
import { ChallengeNav } from './challenge-nav';

/** A signed-out reply (the session ended): say so plainly, with the way back in. */
export function isSignedOut(error: unknown) {
  return error instanceof ApiError && error.status === 401;
}

export function SignInNotice({ next }: { next: string }) {
  return (
    <div className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p role="alert" className="font-medium text-slate-900">
        <FormattedMessage id="masterChallenge.signedOut" />
      </p>
      <ButtonLink to={`/sign-in?next=${encodeURIComponent(next)}`}>
        <FormattedMessage id="masterChallenge.signIn" />
      </ButtonLink>
    </div>
  );
}

/** /app/master-challenge — the intro: the rules, eligibility and the 24-hour cooldown (docs/PRODUCT.md#master-challenge). */
export default function MasterChallengePage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const eligibility = useEligibility();
  const start = useStartChallenge();

  const base = eligibility.data?.secondsPerQuestion ?? MC_SECONDS_PER_QUESTION;

  const onStart = () => start.mutate(undefined, { onSuccess: (view) => navigate(`/app/master-challenge/${view.id}`) });

  // A start that fails says 'Failed to start challenge. Please try again.'; a start refused by the
  // cooldown (another tab got there first) shows the cooldown instead, from the refreshed eligibility.
  const startError =
    start.error && !(start.error instanceof ApiError && start.error.code === 'MASTER_CHALLENGE_COOLDOWN')
      ? isSignedOut(start.error)
        ? null
        : intl.formatMessage({ id: 'messages.masterChallenge.startFailed' })
      : null;

  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <ChallengeNav />
        <EmailVerificationNotice />
        <section
          aria-labelledby="challenge-title"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <div className="flex items-center gap-3">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-100">
              <Trophy className="h-6 w-6 text-amber-700" aria-hidden="true" />
            </span>
            <h1 id="challenge-title" className="text-2xl font-bold text-slate-900">
              <FormattedMessage id="masterChallenge.title" />
            </h1>
          </div>
          <p className="mt-4 text-slate-800">
            <FormattedMessage id="masterChallenge.intro" />
          </p>
          <div className="mt-6">
            {eligibility.isPending && <Spinner label={intl.formatMessage({ id: 'masterChallenge.checking' })} />}
            {eligibility.error &&
              (isSignedOut(eligibility.error) ? (
                <SignInNotice next="/app/master-challenge" />
              ) : (
                <div className="space-y-3">
                  <ErrorBox message={errorText(eligibility.error)} />
                  <Button variant="secondary" onClick={() => eligibility.refetch()}>
                    <FormattedMessage id="common.tryAgain" />
                  </Button>
                </div>
              ))}
            {eligibility.data && (
              <Eligible
                eligibility={eligibility.data}
                starting={start.isPending}
                onStart={onStart}
                onResume={(id) => navigate(`/app/master-challenge/${id}`)}
              />
            )}
            <div className="mt-4 space-y-3">
              <ErrorBox message={startError} />
              {start.error && isSignedOut(start.error) && <SignInNotice next="/app/master-challenge" />}
            </div>
          </div>
          {/* The next step comes first on a phone; the rules follow it. */}
          <h2 className="mt-8 font-semibold text-slate-900">
            <FormattedMessage id="masterChallenge.rulesTitle" />
          </h2>
          <ul className="mt-3 space-y-3">
            <Rule icon={Layers} id="masterChallenge.rule.questions" />
            {/* The time rule is stated before the start, with the server's own base time. */}
            <Rule
              icon={Clock}
              id="masterChallenge.rule.timer"
              values={{
                seconds: base,
                words: MC_BASE_WORDS,
                longWords: MC_BASE_WORDS * 2,
                longSeconds: base * 2,
              }}
            />
            <Rule icon={ShieldAlert} id="masterChallenge.rule.antiCheat" />
            <Rule icon={ListOrdered} id="masterChallenge.rule.leaderboard" />
          </ul>
        </section>
      </main>
    </div>
  );
}

function Rule({ icon: Icon, id, values }: { icon: typeof Clock; id: string; values?: Record<string, number> }) {
  return (
    <li className="flex gap-3 text-slate-800">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
      <span>
        <FormattedMessage id={id} values={values} />
      </span>
    </li>
  );
}

function Eligible({
  eligibility,
  starting,
  onStart,
  onResume,
}: {
  eligibility: Eligibility;
  starting: boolean;
  onStart: () => void;
  onResume: (id: string) => void;
}) {
  const intl = useIntl();
  const last = eligibility.lastAttempt;
  if (eligibility.status === 'in_progress' && last) {
    return (
      <div className="space-y-3">
        <p className="text-slate-800">
          <FormattedMessage id="masterChallenge.inProgress" />
        </p>
        <Button size="lg" className="min-h-12 w-full sm:w-auto" onClick={() => onResume(last.id)}>
          <FormattedMessage id="masterChallenge.resume" />
        </Button>
      </div>
    );
  }
  if (eligibility.status === 'cooldown' && eligibility.nextAvailableAt) {
    const next = new Date(eligibility.nextAvailableAt);
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">
            <FormattedMessage id="messages.masterChallenge.cooldown" />
          </p>
          <p className="mt-1">
            <FormattedMessage
              id="masterChallenge.nextAttempt"
              values={{
                time: beforeFullStop(intl.formatDate(next, { dateStyle: 'full', timeStyle: 'short' })),
              }}
            />
          </p>
        </div>
        {last?.completedAt && last.score !== null && (
          <p className="text-slate-800">
            <FormattedMessage
              id="masterChallenge.lastResult"
              values={{
                score: intl.formatNumber(scoreOneDecimal(last.score) / 100, {
                  style: 'percent',
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                }),
                time: formatMinutesSeconds(last.completionTimeSeconds ?? 0),
              }}
            />
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          {last && (
            <ButtonLink to={`/app/master-challenge/${last.id}`} variant="secondary" className="min-h-11">
              <FormattedMessage id="masterChallenge.viewResults" />
            </ButtonLink>
          )}
          <ButtonLink to="/app/leaderboard" className="min-h-11">
            <FormattedMessage id="masterChallenge.viewLeaderboard" />
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <Button size="lg" className="min-h-12 w-full sm:w-auto" onClick={onStart} disabled={starting}>
      <FormattedMessage id={starting ? 'masterChallenge.starting' : 'masterChallenge.start'} />
    </Button>
  );
}
