// Apart from the hooks: the app shell seeds the streak from the dashboard's HTML (src/web/app/route-data.ts).
export const achievementKeys = {
  panel: ['achievements', 'panel'] as const,
  streak: ['achievements', 'streak'] as const,
};
