/** Layer rules of shared/ARCHITECTURE.md: domain is pure; web and server never import each other. */
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
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: '^src/web' },
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
