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
      comment: 'core holds the domain, ports and use cases: no frameworks, no adapters, nothing of test/ (not even its fakes).',
      from: { path: '^core/', pathNot: '[.]test[.]ts$' },
      to: {
        path: [
          '^adapters/',
          '^server/',
          '^web/',
          '^ui-kit/',
          '^test/',
          'node_modules/(koa|@koa|knex|knex-pglite|objection|pg|@electric-sql|react|react-dom|styled-components|inversify|reflect-metadata|zod|argon2|pino)/',
        ],
      },
    },
    {
      name: 'core-tests-only-fakes',
      severity: 'error',
      comment:
        "core's unit tests run the use cases on the in-memory fakes of test/fakes (`@clinic/test/fakes`) and on nothing else " +
        'outside core: no adapters, no server, no other test code (docs/decisions.md, "Fakes for fast core tests").',
      from: { path: '^core/.*[.]test[.]ts$' },
      to: { path: ['^adapters/', '^server/', '^web/', '^ui-kit/', '^test/'], pathNot: '^test/fakes/' },
    },
    {
      name: 'in-memory-fakes-only-in-tests',
      severity: 'error',
      comment:
        'The in-memory fakes (test/fakes, but the fake salon server) stand in for the database in tests only: no production code ' +
        "imports them. The server's one use of test/fakes is the fake salon server behind SALON_API_URL=local (development).",
      from: { path: '^(core|contract|adapters|server|web|ui-kit)/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^test/fakes/', pathNot: '^test/fakes/fake-salon-server[.]ts$' },
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
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'contract holds the zod schemas of the API answers, shared by the HTTP adapter and the web app: it depends on zod only.',
      from: { path: '^contract/' },
      to: { path: ['^core/', '^adapters/', '^server/', '^web/', '^ui-kit/', '^test/'] },
    },
    {
      name: 'web-types-only-from-contract',
      severity: 'error',
      comment:
        'The browser takes types from contract (import type), never its zod schemas at run time. At run time it imports the ' +
        'field rules (contract/src/rules.ts: patterns and limits, no zod) and the route helpers (route.ts), and one file, ' +
        "web/src/shared/api/endpoints.ts, reads the route table: vite build replaces it with the table's methods and paths " +
        '(the clinic:endpoints plugin), so no schema reaches the bundle (docs/web.md, "The API client"). Tests, which ' +
        'do not ship, may run the schemas (to show that the browser and the server accept the same input).',
      from: { path: '^web/', pathNot: ['^web/src/shared/api/endpoints[.]ts$', '^web/vite[.]config[.]ts$', '[.]test[.]tsx?$'] },
      to: { path: '^contract/', pathNot: '^contract/src/(rules|route)[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-not-core',
      severity: 'error',
      comment:
        'The browser app does not run the core: it asks the server. One file is allowed, the report catalogue ' +
        '(core/src/reports/domain/report-catalog.ts: keys, titles, descriptions, columns, picker groups), which the ' +
        'reports page imports as `@clinic/core/reports/catalog` so that the catalogue is defined once and the page needs ' +
        'no extra request to draw its picker (docs/decisions.md, "Reports screen"). It is plain data and pure functions ' +
        'and imports nothing (rule report-catalog-imports-nothing), so it cannot pull the rest of the core into the bundle. ' +
        'Likewise the error codes (core/src/shared/errors.ts, `@clinic/core/errors`), whose type `ErrorCode` the web uses ' +
        "to name the codes its booking flow reacts to (the messages are the server's, docs/decisions.md).",
      from: { path: '^web/' },
      to: { path: '^core/', pathNot: ['^core/src/reports/domain/report-catalog[.]ts$', '^core/src/shared/errors[.]ts$'] },
    },
    {
      name: 'report-catalog-imports-nothing',
      severity: 'error',
      comment: 'The report catalogue is bundled into the web app (rule web-not-core): it stays a leaf, with no import at all (not even luxon).',
      from: { path: ['^core/src/reports/domain/report-catalog[.]ts$', '^core/src/shared/errors[.]ts$'] },
      to: {},
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
