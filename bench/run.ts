export {};

/**
 * `npm run bench`: the practice load benchmark; `npm run bench -- analytics`: the analytics and mastery
 * benchmark; `npm run bench -- master-challenge`: the leaderboard and rank with 1,000,000 attempts;
 * `npm run bench -- review`: review start and answer with 2,000 cards per technician (all need
 * DATABASE_URL); `npm run bench -- notifications`: enqueue and send 10,000 notification e-mails;
 * `npm run bench -- assigned-submit`: the submit with and without its outbox write;
 * `npm run bench -- cluster`: the mixed load through HAProxy (see the file for what it needs); `npm run bench -- scale`:
 * every screen on a national customer base's history against one shop's (bench/scale.ts); `npm run bench --
 * submit-share`: the submit as a share of pgbench's rate for the same writes, and at a fixed arrival rate;
 * `npm run bench -- dashboard-render`: `/app` rendered on the server against its skeleton (needs a build);
 * `npm run bench -- route-cpu <database> <path>…`: one read's CPU per request on a kept scale database. Page weight
 * runs with `npx tsx bench/page-weight.ts`.
 */
const which = process.argv[2] ?? 'practice';
if (which === 'analytics') await import('./analytics');
else if (which === 'practice') await import('./practice');
else if (which === 'master-challenge') await import('./master-challenge');
else if (which === 'review') await import('./review');
else if (which === 'notifications') await import('./notifications');
else if (which === 'cluster') await import('./cluster');
else if (which === 'assigned-submit') await import('./assigned-submit');
else if (which === 'scale') await import('./scale');
else if (which === 'submit-share') await import('./submit-share');
else if (which === 'cold-start') await import('./cold-start');
else if (which === 'dashboard-render') await import('./dashboard-render');
else if (which === 'route-cpu') await import('./route-cpu');
else
  throw new Error(
    `Unknown benchmark "${which}": practice, analytics, master-challenge, review, notifications, cluster, assigned-submit, scale, submit-share, cold-start, dashboard-render or route-cpu`,
  );
