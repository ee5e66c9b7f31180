/**
 * Characters a player may pick (original SVG art in content/loyalty/characters): listed to anyone (registration
 * shows them), set by the player; the registration's choice (players.character_id, a sysname) counts until then.
 */
import type { TLoyaltyCharacter } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { ipxUrl } from '../../platform/images.ts';
import { queryRows } from '../ledger/index.ts';
import { localized, type TTexts } from './text.ts';

interface TCharacterRow {
  id: unknown;
  sysname: string;
  name: unknown;
  image: string;
}

const toCharacter = (r: TCharacterRow, locale: string): TLoyaltyCharacter => ({
  id: Number(r.id),
  sysname: r.sysname,
  name: localized((typeof r.name === 'string' ? JSON.parse(r.name) : r.name) as TTexts, locale),
  image: ipxUrl(r.image, { width: 160, height: 160 }),
});

export const listCharacters = async (db: TExecutor, locale: string, offset: number, limit: number) => {
  const rows = await queryRows<TCharacterRow & { total: unknown }>(
    db,
    sql`select id, sysname, name, image, count(*) over () as total from loyalty_characters
         where is_active order by priority desc, id offset ${offset} limit ${limit}`,
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : Number(
        (
          await queryRows<{ n: unknown }>(
            db,
            sql`select count(*)::int as n from loyalty_characters where is_active`,
          )
        )[0]?.n ?? 0,
      );
  return { items: rows.map((r) => toCharacter(r, locale)), offset, limit, total };
};

/** The player's character: the one set, else the one picked at registration (by sysname or id), else null. */
export const characterOf = async (db: TExecutor, playerId: number, locale: string) => {
  const [row] = await queryRows<TCharacterRow>(
    db,
    sql`select c.id, c.sysname, c.name, c.image from loyalty_characters c
         where c.is_active and c.id = coalesce(
           (select pc.character_id from loyalty_player_characters pc where pc.player_id = ${playerId}),
           (select c2.id from players_summary_v p join loyalty_characters c2
               on c2.sysname = p.character_id or c2.id::text = p.character_id where p.id = ${playerId} limit 1))`,
  );
  return row ? toCharacter(row, locale) : null;
};

export const setCharacter = async (
  db: TExecutor,
  playerId: number,
  characterId: number,
  locale: string,
  at: Date,
) => {
  const [row] = await queryRows<TCharacterRow>(
    db,
    sql`select id, sysname, name, image from loyalty_characters where id = ${characterId} and is_active`,
  );
  if (!row) throw invalidParameters({ id: 'wrongField' });
  await db.execute(sql`insert into loyalty_player_characters (player_id, character_id, updated_at)
    values (${playerId}, ${characterId}, ${at})
    on conflict (player_id) do update set character_id = excluded.character_id, updated_at = excluded.updated_at`);
  return toCharacter(row, locale);
};
