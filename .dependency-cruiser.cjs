/**
 * The house's dependency rules (issue 17), checked in CI by `npm run check:house`:
 * - no import circle between files, nor between the server's modules (a module imports only modules below it);
 * - the shared packages never import the apps, the site never imports the server (nor the other way round);
 * - the server's platform never imports a module.
 * Two rules only warn, as the house does not keep them yet (issue 17, house order): the platform's context and
 * session name the bet pipeline and the players' row (modules/bets, modules/players), and the folder-level circle
 * rule also sees the circles that tests close (a folder's tests import the test kit of src/test, which imports what
 * it sets up). The same rule without the tests is an error: .dependency-cruiser.modules.cjs.
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
      name: 'no-module-circle',
      severity: 'warn',
      comment:
        'A server module imports only modules below it: two modules that import each other run one back up.',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+/' },
      to: { path: '^apps/server/src/modules/[^/]+/', circular: true },
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
