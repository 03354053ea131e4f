/** The categories module's public surface: what other server code may call (ADR 0053). */
export { listCategories } from './list';
