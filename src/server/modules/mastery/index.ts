/** The mastery module's public surface: what other server code may call (ADR 0053). */
export { getMasteryDashboard } from './read';
export { type MasteryRead, type ScoredAnswer, updateMasteryAfterSubmit } from './update';
