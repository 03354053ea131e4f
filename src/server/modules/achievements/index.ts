/** The achievements module's public surface: what other server code may call (ADR 0053). */
export { grantAchievements } from './grant';
export { getPracticeStreak } from './read';
