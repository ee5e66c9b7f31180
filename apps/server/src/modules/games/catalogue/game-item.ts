/** A catalogue row as the API shows it (spec §3 Game), with image URLs through the `/_ipx/` route. */

import { toMajor } from '@casino/contracts';
import type { TGame, TGameField } from '@casino/contracts/calls/games';
import { ipxUrl } from '../../../platform/images.ts';
import type { TGameRow } from './schema.ts';

/** The horizontal tile: spec §3 description.img_288_192. */
export const tileUrl = (row: Pick<TGameRow, 'image'>) => ipxUrl(row.image, { width: 288, height: 192 });
/** The vertical tile, 3:4. */
export const verticalTileUrl = (row: Pick<TGameRow, 'imageVertical'>) =>
  ipxUrl(row.imageVertical, { width: 192, height: 256 });

export const toGameItem = (row: TGameRow, categories: string[]): TGame => ({
  sysname: row.sysname,
  name: row.name,
  provider: row.provider,
  type: row.type,
  categories,
  layout: row.layout,
  image_url: row.layout === 'vertical' ? verticalTileUrl(row) : tileUrl(row),
  description: { name: row.name, img_288_192: tileUrl(row), text: row.description },
  rtp: Number(row.rtp),
  volatility: row.volatility,
  lines: row.lines,
  min_bet: toMajor(row.minBet),
  max_bet: toMajor(row.maxBet),
  has_demo: row.hasDemo,
  released_at: row.releasedAt,
  priority: row.priority,
  popularity: row.popularity,
});

/** Restricts an item to the asked-for keys (all keys when none are asked for). */
export const pickFields = (item: TGame, fields: readonly TGameField[]): Partial<TGame> =>
  fields.length === 0 ? item : (Object.fromEntries(fields.map((f) => [f, item[f]])) as Partial<TGame>);
