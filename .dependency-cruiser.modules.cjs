/**
 * The server's modules without their tests (`npm run check:house`, after .dependency-cruiser.cjs): a module imports
 * only modules below it, so no two modules' code imports each other. Tests are left out here because a folder's
 * tests import the test kit of src/test, which imports the app it sets up: at folder level every such test closes
 * a circle that the code itself does not have (depcruise's viaOnly does not apply to folder scope).
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: base.forbidden
    .filter((rule) => rule.name === 'no-module-circle')
    .map((rule) => ({ ...rule, severity: 'error' })),
  options: {
    ...base.options,
    exclude: {
      path: '(^|/)(node_modules|build|dist)/|\\.test\\.tsx?$|test-helpers|^apps/server/src/test/',
    },
  },
};
