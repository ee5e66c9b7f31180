/**
 * The operator CLI: `npm run admin:create -- --email ops@example.com --role admin [--password …] [--name …]`.
 * Opens the configured database (DATABASE_URL, else the embedded one in DATA_DIR), applies migrations, creates
 * the operator and prints the TOTP key and otpauth URI (the first sign-in asks to confirm it with a code).
 * Without --password a strong one is generated and printed once.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../platform/config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { scrubError } from '../../platform/logger.ts';
import { cryptoRandom } from '../../platform/providers.ts';
import { totpSecretBox } from '../../platform/secret-box.ts';
import { recordAudit } from './audit-log.ts';
import { createOperator, isOperatorRole } from './operators.ts';

const USAGE =
  'usage: npm run admin:create -- --email <e-mail> --role <admin|finance|support|marketing|content_editor|auditor> [--password <p>] [--name <n>]';

const main = async () => {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== 'create'),
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (!values.email || !values.role || !isOperatorRole(values.role)) {
    console.error(USAGE);
    process.exit(2);
  }
  const generated = !values.password;
  const password = values.password ?? cryptoRandom.bytes(18).toString('base64url');
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
  });
  try {
    await migrate(database);
    const { operator, totpSecret, totpUri } = await createOperator(
      database.db,
      cryptoRandom,
      totpSecretBox(config),
      {
        email: values.email,
        role: values.role,
        password,
        name: values.name,
      },
    );
    await recordAudit(
      database.db,
      { id: null, email: 'cli', ip: null },
      {
        action: 'operator.create',
        target: { type: 'operator', id: operator.id },
        after: { email: operator.email, role: operator.role },
        at: new Date(),
      },
    );
    console.log(`Operator created: ${operator.email} (${operator.role}), id ${operator.id}`);
    if (generated) console.log(`password: ${password}`);
    console.log(`totp_secret: ${totpSecret}`);
    console.log(`otpauth_uri: ${totpUri}`);
    console.log('Sign in at /admin; the first sign-in asks for a code from this key to confirm it.');
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  const scrubbed = scrubError(error);
  console.error(`admin:create failed: ${scrubbed instanceof Error ? scrubbed.message : String(scrubbed)}`);
  process.exit(1);
});
