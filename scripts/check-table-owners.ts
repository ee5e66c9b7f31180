/**
 * The house's table rule (issue 37): a server module reads only its own tables and asks the owner for the rest.
 * A violation is an import of another module's schema.ts (or of a file that only re-exports one), or SQL text that
 * names another module's table after from/join/update/into/table/using, in a module's TypeScript (tests left out)
 * or in its SQL functions (sql/functions/<module>/). Reading the view another module defines is its front door. Violations not yet fixed are listed in
 * scripts/table-owners.baseline.txt with who fixes them; the check fails on a new one and on a baseline line that
 * no longer occurs, so the list only shrinks. Ownership: scripts/table-owners.ts.
 *
 *   node scripts/check-table-owners.ts            check (exit 1 on a failure)
 *   node scripts/check-table-owners.ts --list     print every violation, baseline or not
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findOwners, findViolations } from './table-owners.ts';
import { compareWithBaseline, parseBaseline } from './table-owners-baseline.ts';

export function checkTableOwners(
  root: string,
  baselinePath: string,
): { failures: string[]; violations: number } {
  const owned = findOwners(root);
  const violations = findViolations(root, owned);
  const { entries, errors } = parseBaseline(
    existsSync(baselinePath) ? readFileSync(baselinePath, 'utf8') : '',
  );
  return {
    failures: [...owned.problems, ...errors, ...compareWithBaseline(violations, entries)],
    violations: violations.length,
  };
}

if (import.meta.main) {
  const root = process.cwd();
  if (process.argv.includes('--list')) {
    for (const v of findViolations(root, findOwners(root))) {
      console.log(`${v.file}:${v.line} ${v.module} reads ${v.table} of ${v.owner}`);
    }
  } else {
    const { failures, violations } = checkTableOwners(root, join(root, 'scripts/table-owners.baseline.txt'));
    for (const failure of failures) console.log(failure);
    console.log(
      `table owners: ${violations} place(s) read another module's table, ${failures.length} failure(s)`,
    );
    process.exit(failures.length > 0 ? 1 : 0);
  }
}
