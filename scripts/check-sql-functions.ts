/**
 * The house's rule for SQL functions (docs/decisions/054): migrations change tables and data only, so no migration
 * defines a function or procedure; each lives in apps/server/sql/functions/<module>/<name>.sql, a file that
 * defines the function it is named after and no other. Prints the offenders and exits 1 when there is one.
 *
 *   node scripts/check-sql-functions.ts [migrations folder] [functions folder]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTIONS_DIR, readFunctionFiles } from '../apps/server/src/platform/db/sql-functions.ts';
import { definedRoutines } from '../apps/server/src/platform/db/sql-text.ts';

const [migrations = 'apps/server/migrations', functions = FUNCTIONS_DIR] = process.argv.slice(2);

const offenders = readdirSync(migrations)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .flatMap((file) =>
    definedRoutines(readFileSync(join(migrations, file), 'utf8')).map(
      (name) => `${join(migrations, file)}: defines ${name} (it belongs in apps/server/sql/functions/)`,
    ),
  );
let files = 0;
try {
  files = readFunctionFiles(functions).length;
} catch (error) {
  offenders.push((error as Error).message);
}
for (const offender of offenders) console.log(offender);
console.log(`${files} function files; ${offenders.length} function definitions out of place`);
process.exit(offenders.length > 0 ? 1 : 0);
