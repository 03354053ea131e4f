/** The manager module's public surface: what other server code may call (ADR 0053). */
export { getManagerOverview } from './overview';
export { listTechnicianProgress } from './progress';
