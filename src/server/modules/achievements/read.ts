import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { ACHIEVEMENT_RULES, isAchievementCode } from '../../../domain/achievements';
import { resolveTimeZone } from '../../../domain/calendar-day';
import type { AchievementStatus, AchievementsPanel, PracticeStreakView } from '../../../domain/contracts/achievements';
import { practiceStreak } from '../../../domain/practice-streak';
import type { Database } from '../../db/client';
import { achievements, testSessions, userAchievements } from '../../db/schema';

/** The Achievements panel: every achievement, earned (with its date) or locked (with its progress). */
export async function getAchievementsPanel(db: Database, techId: string): Promise<AchievementsPanel> {
  const rows = await db
    .select({ a: achievements, earnedAt: userAchievements.earnedAt, progress: userAchievements.progress })
    .from(achievements)
    .leftJoin(
      userAchievements,
      and(eq(userAchievements.achievementId, achievements.id), eq(userAchievements.userId, techId)),
    )
    .orderBy(asc(achievements.points), asc(achievements.code));
  const list: AchievementStatus[] = [];
  for (const { a, earnedAt, progress } of rows) {
    // Content holds exactly the ten rule codes; a row left by older content has no rule to show.
    if (!isAchievementCode(a.code)) continue;
    const rule = ACHIEVEMENT_RULES[a.code];
    list.push({
      code: a.code,
      name: a.name,
      description: a.description,
      icon: a.icon as AchievementStatus['icon'],
      points: a.points,
      category: a.category,
      earnedAt: earnedAt?.toISOString() ?? null,
      progress: earnedAt ? rule.target : Math.min(progress ?? 0, rule.target),
      target: rule.target,
      unit: rule.unit,
    });
  }
  const earned = list.filter((a) => a.earnedAt !== null);
  return {
    achievements: list,
    totalPoints: earned.reduce((sum, a) => sum + a.points, 0),
    earnedCount: earned.length,
  };
}

/**
 * Tests read for the streak, newest first. A streak of N days needs at least N tests, so this bounds
 * the read while counting any streak a technician can build up to 1,000 tests back.
 */
const STREAK_READ_LIMIT = 1000;

/** The practice streak, counted by the server in the technician's own time zone (UTC when unknown). */
export async function getPracticeStreak(
  db: Database,
  techId: string,
  timeZone: string | null,
  now = new Date(),
): Promise<PracticeStreakView> {
  const rows = await db
    .select({ completedAt: testSessions.completedAt })
    .from(testSessions)
    .where(and(eq(testSessions.techId, techId), isNotNull(testSessions.completedAt)))
    .orderBy(desc(testSessions.completedAt))
    .limit(STREAK_READ_LIMIT);
  const zone = resolveTimeZone(timeZone);
  const streak = practiceStreak(
    rows.map((r) => r.completedAt as Date),
    now,
    zone,
  );
  return { ...streak, timeZone: zone };
}
