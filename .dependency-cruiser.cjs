// The layer and feature rules of docs/ARCHITECTURE.md, checked by `npm run lint`. Each rule's
// comment is what a broken rule prints beside the file and the import. Cycles between whole
// features are checked by scripts/feature-graph.mjs, which also draws the graph in the docs.

/** Test files and their support may reach across layers to set a scene up; the rules hold for the product. */
const TESTS = ['\\.test\\.tsx?$', '\\.test-support\\.tsx?$', '^src/test/', '^src/web/testing/']

/** The one module allowed to read several features' tables: the cross-feature figures. */
const READ_MODEL = '^src/server/features/reporting/'

module.exports = {
  forbidden: [
    {
      name: 'web-not-server',
      comment: 'The browser bundle never imports server code: share it through src/shared instead.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-only-zod',
      comment: 'src/shared runs on both sides, so it imports only zod and itself.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TESTS },
      to: { pathNot: ['^src/shared/', '^node_modules/zod/'] },
    },
    {
      name: 'platform-no-feature',
      comment: 'Platform code serves every feature and knows none: pass what it needs in instead.',
      severity: 'error',
      from: { path: '^src/server/platform/', pathNot: TESTS },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'table-only-tables',
      comment:
        'A table file declares columns: it imports other tables, the column helpers, drizzle and shared types, never a service or repository.',
      severity: 'error',
      from: { path: '\\.table\\.ts$' },
      to: { pathNot: ['\\.table\\.ts$', '^src/server/db/columns\\.ts$', '^node_modules/drizzle-orm/', '^src/shared/'] },
    },
    {
      name: 'feature-through-service',
      comment:
        "A feature uses another feature through its service or use cases, never its repository, table, routes or jobs (only features/reporting reads other features' tables).",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: [...TESTS, '\\.table\\.ts$', READ_MODEL] },
      to: {
        path: '^src/server/features/[^/]+/.+\\.(repository|table|routes|job)\\.ts$',
        pathNot: '^src/server/features/$1/',
      },
    },
    {
      name: 'web-feature-through-queries',
      comment: "A web feature uses another feature's calls through its *.queries.ts, never its components: the route composes screens.",
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^src/web/features/[^/]+/', pathNot: ['^src/web/features/$1/', '\\.queries\\.ts$'] },
    },
    {
      name: 'drizzle-in-repositories',
      comment: 'Drizzle belongs to *.repository.ts, *.table.ts, db/ and platform/: services decide, repositories query.',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: [...TESTS, '\\.repository\\.ts$', '\\.table\\.ts$', '^src/server/db/', '^src/server/platform/'],
      },
      to: { path: '^node_modules/drizzle-orm/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles between files, type imports included: move the shared part into its own file.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle of types still ties two files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
  },
}
