/**
 * Sets operator settings in a server's database before it starts, as the back-office would (an edit the seed
 * never overwrites): `node e2e/support/set-setting.ts '{"chat": {...}}'` with DATA_DIR set.
 */
import { CONTENT_DIR } from '../../apps/server/src/app.ts';
import { seedContent, updateSetting } from '../../apps/server/src/modules/metadata/settings-service.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';

const settings = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  await seedContent(database.db, CONTENT_DIR);
  for (const [key, value] of Object.entries(settings))
    await updateSetting(database.db, key as Parameters<typeof updateSetting>[1], value, new Date());
} finally {
  await database.close();
}
