/** The shop-codes module's public surface: what other server code may call (ADR 0053). */
export { findShopByCode, isShopCodeTaken } from './service';
