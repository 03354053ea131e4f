import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UserRank } from '../../../domain/contracts/master-challenge';
import {
  LEADERBOARD_NAME_CHOICES,
  type LeaderboardNameChoice,
  leaderboardDisplayName,
} from '../../../domain/master-challenge';
import { useAuth } from '../../app/auth-context';
import { ErrorBox } from '../../components/ui/form';
import { beforeFullStop } from '../../i18n/full-stop';
import { useErrorText } from '../../i18n/i18n-provider';
import { useSetLeaderboardName } from './api';

const LABEL: Record<LeaderboardNameChoice, string> = {
  short: 'masterChallenge.nameChoice.short',
  full: 'masterChallenge.nameChoice.full',
  hidden: 'masterChallenge.nameChoice.hidden',
};

/**
 * How the technician appears on the global leaderboard: first name and last initial by default,
 * the full name if they opt in, or off the board. Saved as soon as it is chosen.
 */
export function LeaderboardNameSetting({ rank }: { rank: UserRank }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { me } = useAuth();
  const save = useSetLeaderboardName();
  const fullName = me?.user.fullName ?? '';
  // The pick is held in React state from the click on: the mutation's pending state reaches React only a task
  // later (TanStack schedules its notifications), and until then React would put the old radio back checked.
  // Cleared when the PUT settles: on success the rank it answered is already in the cache, on error the old
  // choice shows again beside the error.
  const [picked, setPicked] = useState<LeaderboardNameChoice | null>(null);
  const chosen = picked ?? rank.leaderboardName;
  const example = (choice: LeaderboardNameChoice) =>
    choice === 'hidden' ? null : leaderboardDisplayName(fullName, choice);

  return (
    <section aria-labelledby="name-choice" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <fieldset disabled={save.isPending}>
        <legend id="name-choice" className="font-semibold text-slate-900">
          <FormattedMessage id="masterChallenge.nameChoice.title" />
        </legend>
        <p className="mt-1 text-sm text-slate-700">
          {rank.shownAs === null ? (
            <FormattedMessage id="masterChallenge.nameChoice.hiddenNow" />
          ) : (
            // "Luis R." ends the sentence: one full stop, not two.
            <FormattedMessage id="masterChallenge.nameChoice.shownAs" values={{ name: beforeFullStop(rank.shownAs) }} />
          )}
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {LEADERBOARD_NAME_CHOICES.map((choice) => (
            <label
              key={choice}
              className="relative flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-300 px-3 py-2 text-slate-900 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600"
            >
              <input
                type="radio"
                name="leaderboard-name"
                value={choice}
                checked={chosen === choice}
                onChange={() => {
                  setPicked(choice);
                  save.mutate(choice, { onSettled: () => setPicked(null) });
                }}
                className="h-5 w-5 shrink-0 accent-blue-700"
              />
              <span>
                {intl.formatMessage({ id: LABEL[choice] })}
                {example(choice) && <span className="block text-sm text-slate-700">{example(choice)}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {save.error && (
        <div className="mt-3">
          <ErrorBox message={errorText(save.error)} />
        </div>
      )}
    </section>
  );
}
