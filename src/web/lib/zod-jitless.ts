/**
 * Zod probes `new Function` once to decide whether it may compile fast object parsers. The page's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses it and, although Zod catches the
 * error, Chrome records a CSP violation in the Issues panel. The client parses little, so it runs
 * Zod without that JIT; the server keeps it.
 *
 * Zod reads its configuration from this global, which every copy of Zod in a page shares, so the entry sets
 * it without importing Zod itself: only the pages with forms load Zod (the route budgets in tests/e2e/route-budget.e2e.ts).
 * zod-jitless.test.ts holds Zod to it. Imported first by main.tsx.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The object itself is changed, not replaced: a Zod loaded earlier keeps a reference to it.
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
