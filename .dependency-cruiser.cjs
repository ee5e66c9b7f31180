/**
 * The house's dependency rules (issue 17), checked in CI by `npm run check:house`:
 * - no import circle between files, nor between the server's modules (a module imports only modules below it);
 * - the shared packages never import the apps, the site never imports the server (nor the other way round);
 * - the server's platform never imports a module;
 * - a server module uses another only through its front door (index.ts), and so does the composition root.
 * One rule only warns, as the house does not keep it yet: the platform's context and session name the bet pipeline
 * and the players' row (modules/bets, modules/players). The folder-level circle rule is checked without the tests,
 * as an error, by .dependency-cruiser.modules.cjs (the tests close circles through the test kit of src/test).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-file-circle',
      severity: 'error',
      comment: 'Two files that import each other, directly or through others (a lazy import() counts too).',
      from: {},
      to: { circular: true },
    },
    {
      // Checked as an error without the tests by .dependency-cruiser.modules.cjs: here, where the tests are in,
      // every folder's tests close circles through the test kit (src/test imports the app it sets up).
      name: 'no-module-circle',
      severity: 'ignore',
      comment:
        'A server module imports only modules below it: two modules that import each other run one back up.',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+(/|$)' },
      to: { path: '^apps/server/src/modules/[^/]+(/|$)', circular: true },
    },
    {
      name: 'module-front-door',
      severity: 'error',
      comment:
        "A server module uses another only through that module's front door (its index.ts). Its tests and test " +
        "helpers may reach further: they set up and read other modules' data.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$|test-helpers' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'composition-root-front-door',
      severity: 'error',
      comment:
        'The composition root (modules/index.ts, admin-areas.ts) takes each module through its front door.',
      from: { path: '^apps/server/src/modules/[^/]+\\.ts$', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-below-modules',
      severity: 'warn',
      from: { path: '^apps/server/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'site-apart-from-server',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-apart-from-site',
      severity: 'error',
      comment:
        "A test may hold the server to the site's own code (the redirect tester against the site's redirects).",
      from: { path: '^apps/server/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist)/' },
    tsPreCompilationDeps: true,
    // TypeScript 7 has no compiler API yet: swc reads the sources.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
