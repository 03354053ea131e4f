// Apart from the hooks: the app shell seeds the deck's summary from the dashboard's HTML (src/web/app/route-data.ts).
export const reviewKeys = {
  summary: ['review', 'summary'] as const,
  session: ['review', 'session'] as const,
};
