/** The review module's public surface: what other server code may call (ADR 0053). */
export { getDeckSummary } from './deck';
