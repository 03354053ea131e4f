/** The billing module's public surface: what other server code may call (ADR 0053). */
export { getShopSubscription } from './service';
export { isShopSubscription, onShopCheckoutCompleted, onShopSubscriptionChanged, type ShopPrices } from './stripe-shop';
