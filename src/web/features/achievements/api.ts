import { useQuery } from '@tanstack/react-query';
import type { AchievementsPanel, PracticeStreakView } from '../../../domain/contracts/achievements';
import { api } from '../../lib/api-client';
import { achievementKeys } from './query-keys';

/** Every achievement, earned or locked, and the total points (the Achievements panel). */
export function useAchievementsPanel() {
  return useQuery({
    queryKey: achievementKeys.panel,
    queryFn: () => api<AchievementsPanel>('/api/v1/me/achievements'),
  });
}

/** Days in a row with a completed test, counted by the server in the technician's time zone. */
export function usePracticeStreak() {
  return useQuery({
    queryKey: achievementKeys.streak,
    queryFn: () => api<PracticeStreakView>('/api/v1/me/practice-streak'),
  });
}
