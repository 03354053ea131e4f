import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { AchievementCode } from '../../../domain/achievements';

/**
 * Catalogue keys of each achievement's name and description. English equals content/achievements.json
 * (a test holds them equal); other languages translate it. Literal keys, so the catalogue test sees them.
 */
const TEXT: Record<AchievementCode, { name: string; description: string }> = {
  first_test: { name: 'achievements.item.firstTest.name', description: 'achievements.item.firstTest.description' },
  test_taker_5: {
    name: 'achievements.item.testTaker5.name',
    description: 'achievements.item.testTaker5.description',
  },
  test_veteran_10: {
    name: 'achievements.item.testVeteran10.name',
    description: 'achievements.item.testVeteran10.description',
  },
  test_master_25: {
    name: 'achievements.item.testMaster25.name',
    description: 'achievements.item.testMaster25.description',
  },
  test_legend_50: {
    name: 'achievements.item.testLegend50.name',
    description: 'achievements.item.testLegend50.description',
  },
  first_pass: { name: 'achievements.item.firstPass.name', description: 'achievements.item.firstPass.description' },
  high_achiever: {
    name: 'achievements.item.highAchiever.name',
    description: 'achievements.item.highAchiever.description',
  },
  perfect_score: {
    name: 'achievements.item.perfectScore.name',
    description: 'achievements.item.perfectScore.description',
  },
  consistent_passer: {
    name: 'achievements.item.consistentPasser.name',
    description: 'achievements.item.consistentPasser.description',
  },
  master_all_categories: {
    name: 'achievements.item.masterAllCategories.name',
    description: 'achievements.item.masterAllCategories.description',
  },
};

export const ACHIEVEMENT_TEXT_KEYS = TEXT;

interface Described {
  code: AchievementCode;
  name: string;
  description: string;
}

/** An achievement's name and description in the user's language; the server's English if a key is missing. */
export function useAchievementText() {
  const intl = useIntl();
  return useCallback(
    (achievement: Described) => {
      const keys = TEXT[achievement.code];
      const has = (key: string | undefined) => key !== undefined && key in intl.messages;
      return {
        name: has(keys?.name) ? intl.formatMessage({ id: keys.name }) : achievement.name,
        description: has(keys?.description) ? intl.formatMessage({ id: keys.description }) : achievement.description,
      };
    },
    [intl],
  );
}
