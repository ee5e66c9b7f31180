/**
 * The house's size rule (issue 17): no source file over 400 lines in apps/, packages/, bench/, e2e/ and scripts/
 * (tests, migrations and generated files left out). Prints the offenders and exits 1 when there is one.
 *
 *   node scripts/check-file-lengths.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 400;
const SOURCE = /^(apps|packages|bench|e2e|scripts)\/.*\.(ts|tsx)$/;
const LEFT_OUT = /(\.test\.tsx?|\.spec\.ts|\.d\.ts)$|\/(test|migrations|build)\//;

const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !LEFT_OUT.test(file));
const over = files
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter((f) => f.lines > LIMIT);
for (const f of over) console.log(`${f.file}: ${f.lines} lines (limit ${LIMIT})`);
console.log(`${files.length} source files, ${over.length} over ${LIMIT} lines`);
process.exit(over.length > 0 ? 1 : 0);
