export {};

/**
 * `npm run bench`: the practice load benchmark; `npm run bench -- analytics`: the analytics and mastery
 * benchmark; `npm run bench -- master-challenge`: the leaderboard and rank with 1,000,000 attempts;
 * `npm run bench -- review`: review start and answer with 2,000 cards per technician (all need
 * DATABASE_URL). Page weight runs with `npx tsx bench/page-weight.ts`.
 */
const which = process.argv[2] ?? 'practice';
if (which === 'analytics') await import('./analytics');
else if (which === 'practice') await import('./practice');
else if (which === 'master-challenge') await import('./master-challenge');
else if (which === 'review') await import('./review');
else throw new Error(`Unknown benchmark "${which}": practice, analytics, master-challenge or review`);
