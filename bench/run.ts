export {};

/**
 * `npm run bench`: the practice load benchmark; `npm run bench -- analytics`: the analytics and mastery
 * benchmark (both need DATABASE_URL). Page weight runs with `npx tsx bench/page-weight.ts`.
 */
const which = process.argv[2] ?? 'practice';
if (which === 'analytics') await import('./analytics');
else if (which === 'practice') await import('./practice');
else throw new Error(`Unknown benchmark "${which}": practice or analytics`);
