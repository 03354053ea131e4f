import type { ExperienceLevel } from '../../../domain/experience';

/**
 * Catalogue keys (namespace `auth`) of the experience levels, in the survey's order: the sign-up
 * form and the experience survey show the same words.
 */
export const EXPERIENCE_LEVEL_KEYS: Record<ExperienceLevel, string> = {
  less_than_1: 'auth.experience.lessThan1',
  '1_to_2': 'auth.experience.1to2',
  '3_to_5': 'auth.experience.3to5',
  '6_to_10': 'auth.experience.6to10',
  '11_to_15': 'auth.experience.11to15',
  '16_to_20': 'auth.experience.16to20',
  more_than_20: 'auth.experience.moreThan20',
};
