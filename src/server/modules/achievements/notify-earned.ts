import type { EarnedAchievement } from '../../../domain/contracts/achievements';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import { TEMPLATES } from '../../notifications/templates/index';

/**
 * The in-app message of each achievement a submit earned, in the submit's transaction; the popup
 * shows them as before. One INSERT, and none when nothing was earned. It writes the row itself rather than
 * through `notifyMany`, whose read of the recipient's e-mail choices would cost the submit a round trip for
 * nothing: an achievement is never e-mailed (`wantsEmail`), so its e-mail is 'skipped' from the start.
 */
export async function notifyAchievementsEarned(
  tx: Executor,
  userId: string,
  earned: readonly EarnedAchievement[],
  now: Date,
): Promise<void> {
  if (earned.length === 0) return;
  await tx
    .insert(notifications)
    .values(
      earned.map((a) => ({
        recipientId: userId,
        kind: 'achievement_earned' as const,
        params: TEMPLATES.achievement_earned.params.parse({ code: a.code, name: a.name, points: a.points }),
        link: '/app/achievements',
        // An achievement is earned once; the key keeps it one message whatever retries the submit.
        dedupeKey: a.code,
        createdAt: now,
        emailStatus: 'skipped' as const,
      })),
    )
    .onConflictDoNothing();
}
