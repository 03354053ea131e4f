/**
 * The achievements feature's public entry: what other features and shared web code may import (ADR 0053).
 * No pages here: app.tsx lazy-loads them, and an entry that pulled a page in would grow other routes' chunks.
 */
export { useAchievements } from './achievement-provider';
export { PracticeStreakCard } from './practice-streak-card';
export { achievementKeys } from './query-keys';
