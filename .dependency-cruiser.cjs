/** Architecture boundaries, checked in `npm test` (see docs/architecture.md). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular imports hide the direction of dependencies.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-framework-free',
      severity: 'error',
      comment: 'core holds the domain, ports and use cases: no frameworks, no adapters (unit tests may use the in-memory adapters).',
      from: { path: '^core/', pathNot: '[.]test[.]ts$' },
      to: {
        path: [
          '^adapters/', '^server/', '^web/', '^ui-kit/', '^test/',
          'node_modules/(koa|@koa|knex|knex-pglite|objection|pg|@electric-sql|react|react-dom|styled-components|inversify|reflect-metadata|zod|argon2|pino)/',
        ],
      },
    },
    {
      name: 'core-no-node-io',
      severity: 'error',
      comment: 'core does no I/O of its own: it goes through ports.',
      from: { path: '^core/' },
      to: { dependencyTypes: ['core'], path: '^(fs|net|http|https|child_process|dgram|node:fs|node:net|node:http|node:https|node:child_process)$' },
    },
    {
      name: 'adapters-not-composition',
      severity: 'error',
      comment: 'Adapters are wired by the server, never the other way round.',
      from: { path: '^adapters/' },
      to: { path: ['^server/', '^web/', '^ui-kit/', '^test/'] },
    },
    {
      name: 'ui-kit-not-app',
      severity: 'error',
      comment: 'The ui-kit knows nothing of the app that uses it.',
      from: { path: '^ui-kit/' },
      to: { path: ['^web/', '^server/', '^adapters/', '^core/', '^test/'] },
    },
    {
      name: 'web-not-backend',
      severity: 'error',
      comment: 'The browser app talks to the server over HTTP only.',
      from: { path: '^web/' },
      to: { path: ['^server/', '^adapters/', 'node_modules/(koa|knex|objection|pg|argon2)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|storybook-static)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
