import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { EarnedAchievement } from '../../../domain/contracts/achievements';
import { loadNamespaces } from '../../i18n/catalogue-store';

interface AchievementsContextValue {
  /** Queues achievements the server has just granted: each shows in turn (docs/PRODUCT.md#achievements). */
  announce: (achievements: readonly EarnedAchievement[]) => void;
}

const AchievementsContext = createContext<AchievementsContextValue | null>(null);

// The popup and its words load with the first achievement, not with every page.
const AchievementPopup = lazy(async () => {
  const [popup] = await Promise.all([import('./achievement-popup'), loadNamespaces(['achievements'])]);
  return popup;
});

/**
 * The queue of 'Achievement Unlocked' notifications. One shows at a time, fixed so nothing moves: at the
 * top on a phone (clear of the bottom bars), in the bottom corner on a desktop. It sits in a polite live
 * region that is always present, so screen readers announce each one, and it never takes focus. The shown
 * one leaves after 5 seconds or when dismissed, and the next takes its place.
 */
export function AchievementProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<EarnedAchievement[]>([]);
  const announce = useCallback((achievements: readonly EarnedAchievement[]) => {
    if (achievements.length === 0) return;
    // Granted once on the server; a repeat here (a refetch) is not shown twice.
    setQueue((current) => [...current, ...achievements.filter((a) => !current.some((c) => c.code === a.code))]);
  }, []);
  const dismiss = useCallback(() => setQueue((current) => current.slice(1)), []);
  const value = useMemo(() => ({ announce }), [announce]);
  const shown = queue[0];
  return (
    <AchievementsContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-3 top-3 z-50 flex justify-center lg:inset-x-auto lg:top-auto lg:right-4 lg:bottom-4"
      >
        {shown && (
          <Suspense fallback={null}>
            <AchievementPopup key={shown.code} achievement={shown} waiting={queue.length - 1} onDismiss={dismiss} />
          </Suspense>
        )}
      </div>
    </AchievementsContext.Provider>
  );
}

/** The notification queue, with its misuse error. */
export function useAchievements(): AchievementsContextValue {
  const context = useContext(AchievementsContext);
  if (!context) throw new Error('useAchievements must be used within AchievementProvider');
  return context;
}
