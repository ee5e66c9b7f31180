/**
 * The catalogue import: Hub88's /game/list into our games catalogue (games module's importGames), at start and
 * every HUB88_IMPORT_MINUTES. Each game becomes `hub88_<game_code>`, its studio (Hub88's `product`) a provider, its
 * kind one of ours from Hub88's category; its thumbnail is copied into the file store every instance shares
 * (docs/decisions/063), whose images the `/_ipx/` route serves.
 */
import type { TAppContext } from '../../platform/context.ts';
import type { TFileStore } from '../../platform/file-store.ts';
import { storeContentImage } from '../../platform/image-uploads.ts';
import { importGames, type TImportedGame } from '../games/index.ts';
import type { TGamesClient, THub88Game } from './games-client.ts';

/** The catalogue's engine of Hub88's games: the game page frames the URL /game/url gives. */
export const HUB88_ENGINE = 'hub88';
/** Imported games' sysnames: the back-office's rule (`[a-z0-9_]`, at most 80), the hub88_ prefix first. */
export const SYSNAME_PREFIX = 'hub88_';
/** An image of ours for a game whose thumbnail could not be copied. */
const FALLBACK_IMAGE = 'games/art/categories/slots.svg';
const THUMB_MAX_BYTES = 5 * 1024 * 1024;

export const sysnameOf = (gameCode: string) =>
  `${SYSNAME_PREFIX}${gameCode.toLowerCase().replace(/[^a-z0-9_]+/g, '_')}`.slice(0, 80);

export const studioOf = (product: string) => ({
  sysname:
    product
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'hub88',
  name: product,
});

/** Hub88's category as one of our kinds. */
export const kindOf = (category: string | null | undefined): TImportedGame['type'] => {
  const c = (category ?? '').toLowerCase();
  if (/live/.test(c)) return 'live';
  if (/slot/.test(c)) return 'slot';
  if (/crash|dice|mines|plinko|instant|fast|arcade/.test(c)) return 'fast';
  if (/lotter|keno|bingo|scratch/.test(c)) return 'logical';
  if (/roulette|blackjack|baccarat|poker|table|card|casino/.test(c)) return 'casino';
  return 'slot';
};

const volatilityOf = (value: THub88Game['volatility']): TImportedGame['volatility'] => {
  const v =
    typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : String(value);
  if (typeof v === 'number') return v <= 2 ? 'low' : v >= 4 ? 'high' : 'medium';
  return /low/i.test(v) ? 'low' : /high/i.test(v) ? 'high' : 'medium';
};

const numberOr = (value: unknown, fallback: number) => {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

/** Thumbnails this process copied already, per store (an import every few hours fetches each one once). */
const copied = new WeakMap<TFileStore, Map<string, string>>();

/** Copies the thumbnail into the file store (only PNG, JPEG, GIF or WebP, at most 5 MB); null when it cannot. */
const copyThumb = async (files: TFileStore, url: string | null | undefined) => {
  if (!url || !/^https?:\/\//.test(url)) return null;
  const seen = copied.get(files) ?? new Map<string, string>();
  copied.set(files, seen);
  const known = seen.get(url);
  if (known) return known;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) return null;
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > THUMB_MAX_BYTES) return null;
    const { path } = await storeContentImage(files, data);
    seen.set(url, path);
    return path;
  } catch {
    return null;
  }
};

export const toImportedGame = (game: THub88Game, image: string, today: string): TImportedGame => ({
  sysname: sysnameOf(game.game_code),
  name: game.name,
  provider: studioOf(game.product),
  type: kindOf(game.category),
  rtp: Math.min(Math.max(numberOr(game.rtp, 96), 0), 999.99),
  volatility: volatilityOf(game.volatility),
  lines: Math.max(0, Math.trunc(numberOr(game.paylines, 0))),
  image,
  hasDemo: game.demo_game_support ?? true,
  releasedAt: /^\d{4}-\d{2}-\d{2}/.test(game.release_date ?? '')
    ? (game.release_date ?? '').slice(0, 10)
    : today,
  enabled: game.enabled ?? true,
  launch: {
    game_code: game.game_code,
    product: game.product,
    category: game.category ?? null,
    platforms: game.platforms ?? [],
  },
});

export const importHub88Catalogue = async (
  ctx: Pick<TAppContext, 'db' | 'bus' | 'config' | 'providers' | 'files'>,
  client: TGamesClient,
) => {
  const list = await client.gameList();
  const today = ctx.providers.clock.now().toISOString().slice(0, 10);
  const imported: TImportedGame[] = [];
  for (const game of list) {
    const image = (await copyThumb(ctx.files, game.url_thumb)) ?? FALLBACK_IMAGE;
    imported.push(toImportedGame(game, image, today));
  }
  return { ...(await importGames(ctx, HUB88_ENGINE, imported)), games: imported.length };
};
