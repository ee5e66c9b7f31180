/**
 * The demo's secrets: on its first start, `npm run setup` makes each secret a production start needs (the demo
 * operator's sign-in too) into DATA_DIR/demo-secrets.env, readable by its owner only; later starts read them
 * back. Prints them as shell `export` lines for those the environment does not set already.
 *
 *   eval "$(node apps/server/src/demo-secrets.ts)"
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingSecrets } from './platform/secrets.ts';

const dataDir = process.env.DATA_DIR || '.data';
const file = join(dataDir, 'demo-secrets.env');

const readSaved = (): Record<string, string> => {
  if (!existsSync(file)) return {};
  const saved: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) saved[match[1]] = match[2] ?? '';
  }
  return saved;
};

const saved = readSaved();
// A saved value that is empty or a published one (an edited file) is made again.
const stale = missingSecrets(saved, true);
for (const secret of stale) saved[secret.name] = secret.make();
if (stale.length > 0) {
  mkdirSync(dataDir, { recursive: true });
  const lines = Object.entries(saved).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `# The demo's own secrets (npm run setup); never commit them.\n${lines.join('\n')}\n`, {
    mode: 0o600,
  });
  chmodSync(file, 0o600);
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
for (const [name, value] of Object.entries(saved))
  if (!process.env[name]) process.stdout.write(`export ${name}=${quote(value)}\n`);
