/**
 * Layer rules of docs/ARCHITECTURE.md#dependency-rules: domain is pure; web and server never import each other;
 * features and server modules are used through their entries, with no cycles (docs/decisions/0053-feature-boundaries.md).
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports nothing from server/ or web/ and does no I/O',
      severity: 'error',
      from: { path: '^src/domain' },
      to: {
        path: ['^src/server', '^src/web', '^node:', '^(fs|path|http|https|net|child_process)$'],
        dependencyTypes: ['local', 'core', 'npm'],
      },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^src/web' },
      to: { path: '^src/server' },
    },
    {
      name: 'server-not-web',
      comment: 'but the English error and message catalogues, the one source of the words the server sends (ADR 0050)',
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: '^src/web', pathNot: '^src/web/i18n/catalogues/en/(errors|messages)\\.json$' },
    },
    {
      name: 'feature-through-its-entry',
      comment:
        "A web feature imports another feature only through that feature's index.ts (docs/decisions/0053-feature-boundaries.md)",
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: {
        path: '^src/web/features/',
        pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'shared-web-code-through-feature-entry',
      comment:
        'components/, lib/ and i18n/ use a feature only through its index.ts; app/ (routes, lazy pages) is the composition root (ADR 0053)',
      severity: 'error',
      from: { path: '^src/web/(components|lib|i18n)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'ui-primitives-know-no-product',
      comment: 'components/ui/ holds primitives: no feature, no API client (ADR 0053)',
      severity: 'error',
      from: { path: '^src/web/components/ui/' },
      to: { path: ['^src/web/features/', '^src/web/lib/api-client\\.ts$', '^src/domain/contracts/'] },
    },
    {
      name: 'module-through-its-index',
      comment:
        'A server module is used by another module only through its index.ts (docs/decisions/0053-feature-boundaries.md)',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'shared-server-code-through-module-index',
      comment:
        'Shared server code (jobs, db scripts, main) uses a module only through its index.ts; app.ts also registers routes.ts (ADR 0053)',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/modules/' },
      to: {
        path: '^src/server/modules/',
        pathNot: ['^src/server/modules/[^/]+/index\\.ts$', '^src/server/modules/[^/]+/routes\\.ts$'],
      },
    },
    {
      name: 'routes-registered-by-app',
      comment: "A module's routes.ts is a Fastify plugin that only src/server/app.ts registers (ADR 0053)",
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/app\\.ts$', '^src/server/modules/'] },
      to: { path: '^src/server/modules/[^/]+/routes\\.ts$' },
    },
    {
      name: 'guards-below-modules',
      comment:
        'The code modules build on (authz, errors, auth, http, db, redis, mail, billing, notifications) never imports a module (ADR 0053)',
      severity: 'error',
      from: {
        path: '^src/server/(authz\\.ts|access-standing\\.ts|errors\\.ts|auth/|http/|db/|redis/|mail/|billing/|notifications/)',
        pathNot: '^src/server/db/seed-demo\\.ts$',
      },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypes: ['local'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
