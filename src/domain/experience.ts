/** The profiles.experience_level values, in order, with the labels the survey shows. */
export const EXPERIENCE_LEVELS = [
  { value: 'less_than_1', label: 'Less than 1 year' },
  { value: '1_to_2', label: '1-2 years' },
  { value: '3_to_5', label: '3-5 years' },
  { value: '6_to_10', label: '6-10 years' },
  { value: '11_to_15', label: '11-15 years' },
  { value: '16_to_20', label: '16-20 years' },
  { value: 'more_than_20', label: 'More than 20 years' },
] as const;

export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]['value'];

export const EXPERIENCE_LEVEL_VALUES = EXPERIENCE_LEVELS.map((l) => l.value) as [ExperienceLevel, ...ExperienceLevel[]];
