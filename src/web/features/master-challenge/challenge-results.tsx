import { Copy, Share2, ShieldAlert, Sparkles, Trophy } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChallengeResults } from '../../../domain/contracts/master-challenge';
import {
  type FlagReason,
  formatMinutesSeconds,
  isRareScore,
  MC_SUSPICIOUS_AFTER,
  type ShareTier,
  scoreOneDecimal,
  shareTier,
} from '../../../domain/master-challenge';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { useFocusWhenLost } from '../../components/ui/focus-return';
import { toast } from '../../lib/toast';
import { SHARE_NETWORKS, type ShareNetwork, shareLink } from './share-links';

/** The share message by tier (docs/PRODUCT.md#master-challenge: 90, 80, 70, 60 and below). */
const SHARE_TEXT: Record<ShareTier, string> = {
  90: 'masterChallenge.share.text90',
  80: 'masterChallenge.share.text80',
  70: 'masterChallenge.share.text70',
  60: 'masterChallenge.share.text60',
  0: 'masterChallenge.share.textBelow60',
};

/** Why a flagged attempt was flagged, in words. */
const FLAG_REASON: Record<FlagReason, string> = {
  tab_switches: 'masterChallenge.flagReason.tabSwitches',
  focus_losses: 'masterChallenge.flagReason.focusLosses',
  window_size: 'masterChallenge.flagReason.windowSize',
  impossible_timing: 'masterChallenge.flagReason.impossibleTiming',
};

const NETWORK_LABEL: Record<ShareNetwork, string> = {
  x: 'masterChallenge.share.x',
  facebook: 'masterChallenge.share.facebook',
  linkedin: 'masterChallenge.share.linkedin',
  instagram: 'masterChallenge.share.instagram',
};

export function useScoreText() {
  const intl = useIntl();
  return (score: number) =>
    intl.formatNumber(scoreOneDecimal(score) / 100, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
}

/**
 * The results: score with one decimal, correct out of 30, time as m:ss, rarity, validity (with why a flagged
 * attempt was flagged) and sharing (a valid attempt only).
 */
export function ChallengeResultsView({
  results,
  afterSubmit = false,
}: {
  results: ChallengeResults;
  /** The results replace the attempt just finished on this page (not a results page opened as it is). */
  afterSubmit?: boolean;
}) {
  const intl = useIntl();
  const scoreText = useScoreText();
  const score = scoreText(results.score);
  const time = formatMinutesSeconds(results.completionTimeSeconds);
  const shareText = intl.formatMessage({ id: SHARE_TEXT[shareTier(results.score)] }, { score });
  const url = `${window.location.origin}/`;
  // After Submit the attempt's question (and its button) is gone: focus the score's heading so it is announced.
  const heading = useFocusWhenLost<HTMLHeadingElement>(afterSubmit);

  const copyForInstagram = async () => {
    try {
      await navigator.clipboard.writeText(`${shareText} ${url}`);
      toast.success(intl.formatMessage({ id: 'masterChallenge.share.copied' }));
    } catch {
      toast.error(intl.formatMessage({ id: 'masterChallenge.share.copyFailed' }));
    }
  };

  return (
    <section
      aria-labelledby="results-title"
      className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10"
    >
      <Trophy className="mx-auto h-10 w-10 text-amber-600" aria-hidden="true" />
      <h1 ref={heading} id="results-title" className="mt-3 text-2xl font-bold">
        <FormattedMessage id="masterChallenge.results.title" />
      </h1>
      <p className="mt-4 text-6xl font-extrabold text-slate-900" data-testid="challenge-score">
        {score}
      </p>
      <dl className="mx-auto mt-6 grid max-w-sm grid-cols-2 gap-4">
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">
            <FormattedMessage id="masterChallenge.results.correctLabel" />
          </dt>
          <dd className="text-xl font-bold">
            <FormattedMessage
              id="masterChallenge.results.correct"
              values={{ correct: results.correctAnswers, total: results.total }}
            />
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">
            <FormattedMessage id="masterChallenge.results.timeLabel" />
          </dt>
          <dd className="font-mono text-xl font-bold">{time}</dd>
        </div>
      </dl>
      {results.timeouts > 0 && (
        <p className="mt-4 text-slate-700">
          <FormattedMessage id="masterChallenge.results.timeouts" values={{ count: results.timeouts }} />
        </p>
      )}
      {isRareScore(results.score) && (
        <p className="mx-auto mt-4 flex max-w-md items-center justify-center gap-2 rounded-lg bg-amber-50 px-4 py-2 font-semibold text-amber-900">
          <Sparkles className="h-5 w-5 shrink-0" aria-hidden="true" />
          <FormattedMessage id="masterChallenge.results.rare" />
        </p>
      )}
      {!results.isValid && (
        <div
          role="alert"
          className="mx-auto mt-4 flex max-w-md items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-left text-sm font-medium text-red-900"
        >
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <div>
            <FormattedMessage id="masterChallenge.results.invalid" />
            {/* A flagged attempt says why. */}
            {results.flaggedFor.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-5 font-normal" data-testid="flag-reasons">
                {results.flaggedFor.map((reason) => (
                  <li key={reason}>
                    <FormattedMessage id={FLAG_REASON[reason]} values={{ allowed: MC_SUSPICIOUS_AFTER }} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}

      {/* A flagged attempt is not a result to share. */}
      {results.isValid && (
        <div className="mx-auto mt-8 max-w-xl text-left">
          <h2 className="flex items-center gap-2 font-semibold">
            <Share2 className="h-5 w-5" aria-hidden="true" />
            <FormattedMessage id="masterChallenge.share.title" />
          </h2>
          <p className="mt-2 rounded-lg bg-slate-50 p-3 text-slate-800" data-testid="share-text">
            {shareText}
          </p>
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {SHARE_NETWORKS.map((network) => {
              const link = shareLink(network, shareText, url);
              return link ? (
                <a
                  key={network}
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('secondary', 'md', 'min-h-11')}
                >
                  <FormattedMessage id={NETWORK_LABEL[network]} />
                </a>
              ) : (
                <button
                  key={network}
                  type="button"
                  onClick={copyForInstagram}
                  className={buttonClass('secondary', 'md', 'min-h-11')}
                >
                  <Copy className="h-4 w-4" aria-hidden="true" />
                  <FormattedMessage id={NETWORK_LABEL[network]} />
                </button>
              );
            })}
          </div>
          <p className="mt-2 text-sm text-slate-700">
            <FormattedMessage id="masterChallenge.share.instagramHint" />
          </p>
        </div>
      )}

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/app/leaderboard" size="lg" className="min-h-12">
          <FormattedMessage id="masterChallenge.viewLeaderboard" />
        </ButtonLink>
        <ButtonLink to="/app" variant="secondary" size="lg" className="min-h-12">
          <FormattedMessage id="common.backToDashboard" />
        </ButtonLink>
      </div>
    </section>
  );
}
