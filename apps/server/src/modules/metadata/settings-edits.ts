/** When each setting was last edited by an operator (null: as content/ seeded it). For the back-office's list. */
import type { TDb } from '../../platform/db/database.ts';
import type { TSettingKey } from './content-files.ts';
import { siteSettings } from './schema.ts';

export const settingEditTimes = async (db: TDb): Promise<Map<TSettingKey, Date | null>> => {
  const rows = await db.select({ key: siteSettings.key, editedAt: siteSettings.editedAt }).from(siteSettings);
  return new Map(rows.map((r) => [r.key as TSettingKey, r.editedAt]));
};
