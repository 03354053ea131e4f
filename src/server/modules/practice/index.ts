/** The practice module's public surface: what other server code may call (ADR 0053). */
export { getTechDashboard } from './dashboard';
export { submitTestSession } from './submit';
