// Apart from the hooks: the app shell seeds it from the manager dashboard's HTML (src/web/app/route-data.ts).
export const shopSubscriptionKey = ['shop', 'subscription'] as const;
