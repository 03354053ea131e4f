import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACHIEVEMENT_NOTIFICATION_MS } from '../../../domain/achievements';
import type { EarnedAchievement } from '../../../domain/contracts/achievements';
import { AchievementIcon } from './achievement-icon';
import { useAchievementText } from './achievement-text';

interface Props {
  achievement: EarnedAchievement;
  /** How many more wait their turn behind this one. */
  waiting: number;
  onDismiss: () => void;
}

/**
 * 'Achievement Unlocked' (docs/PRODUCT.md#achievements): icon, name, description and +points. It leaves after 5 seconds; the
 * clock stops while the pointer is over it or focus is inside it, so it can be read and dismissed.
 */
export default function AchievementPopup({ achievement, waiting, onDismiss }: Props) {
  const intl = useIntl();
  const text = useAchievementText()(achievement);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(ACHIEVEMENT_NOTIFICATION_MS);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, onDismiss]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: hover and focus only pause the auto-dismiss timer (WCAG 2.2.1); its controls are buttons
    <section
      aria-labelledby="achievement-popup-title"
      className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-amber-300"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <AchievementIcon name={achievement.icon} />
      </span>
      <div className="min-w-0 flex-1">
        <p id="achievement-popup-title" className="text-xs font-bold tracking-wide text-amber-800 uppercase">
          <FormattedMessage id="achievements.popup.title" />
        </p>
        <p className="mt-0.5 font-bold text-slate-900">{text.name}</p>
        <p className="text-sm text-slate-700">{text.description}</p>
        <p className="mt-1 text-sm font-semibold text-green-800">
          <FormattedMessage id="achievements.popup.points" values={{ points: achievement.points }} />
        </p>
        {waiting > 0 && (
          <p className="mt-1 text-xs text-slate-600">
            <FormattedMessage id="achievements.popup.waiting" values={{ count: waiting }} />
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={intl.formatMessage({ id: 'achievements.popup.dismiss' })}
        className="-mt-2 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <X className="h-5 w-5" aria-hidden="true" />
      </button>
    </section>
  );
}
