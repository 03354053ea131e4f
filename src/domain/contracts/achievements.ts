import { z } from 'zod';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_CODES, ACHIEVEMENT_ICONS } from '../achievements';

const achievementFields = {
  code: z.enum(ACHIEVEMENT_CODES),
  name: z.string(),
  description: z.string(),
  /** A lucide icon name (ACHIEVEMENT_ICONS). */
  icon: z.enum(ACHIEVEMENT_ICONS),
  points: z.number().int(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
};

/** One achievement the submit has just granted: the 'Achievement Unlocked' popup shows it. */
export const earnedAchievementSchema = z.object({ ...achievementFields, earnedAt: z.string() });
export type EarnedAchievement = z.infer<typeof earnedAchievementSchema>;

/** An achievement on the panel: earned with its date, or locked with its progress toward the target. */
export const achievementStatusSchema = z.object({
  ...achievementFields,
  earnedAt: z.string().nullable(),
  progress: z.number().int(),
  target: z.number().int(),
  unit: z.enum(['tests', 'score', 'passes', 'categories']),
});
export type AchievementStatus = z.infer<typeof achievementStatusSchema>;

export const achievementsPanelSchema = z.object({
  /** Every achievement, earned or locked, ordered by points. */
  achievements: z.array(achievementStatusSchema),
  totalPoints: z.number().int(),
  earnedCount: z.number().int(),
});
export type AchievementsPanel = z.infer<typeof achievementsPanelSchema>;

export const practiceStreakSchema = z.object({
  /** Days in a row with a completed test, up to today or yesterday, in the technician's time zone. */
  days: z.number().int(),
  practicedToday: z.boolean(),
  /** The zone the days were counted in (the profile's, else UTC). */
  timeZone: z.string(),
});
export type PracticeStreakView = z.infer<typeof practiceStreakSchema>;
