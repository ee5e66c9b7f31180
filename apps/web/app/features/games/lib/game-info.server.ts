/**
 * Server-only: the game page's data. The catalogue (games.get) gives the public item; the engine a game runs
 * on and its rules come from the catalogue seed and @casino/games (the engines are pure; their rules text,
 * paytable and exact RTP are rendered on the server so no engine code ships for the rules panel).
 */
import { getEngine, SLOT_DEFINITIONS } from '@casino/games';
import catalogue from '../../../../../../content/games/games.json';
import type { TApiClient } from '../../../lib/api/client';
import type { TGameItem } from '../api/games-api';
import { FULLSCREEN_OPTIONS, screenOf, type TFullscreenVisibility, type TGameView } from './game-kinds';

type TSeedGame = { sysname: string; engine: string; params?: Record<string, unknown> };
const SEED = new Map((catalogue as TSeedGame[]).map((g) => [g.sysname, g]));
const SLOT_IDS = SLOT_DEFINITIONS.map((s) => s.id);

export const engineOf = (sysname: string) => SEED.get(sysname) ?? null;

export const loadGameView = async (api: TApiClient, sysname: string): Promise<TGameView | null> => {
  const [list, providers] = await Promise.all([
    api.get<{ items: TGameItem[] }>('games.get', { sysnames: sysname, count: 1 }),
    api
      .get<{ sysname: string; name: string }[]>('games.getProviders', {
        types: 'slot,casino,live,fast,logical,high_low',
      })
      .catch(() => []),
  ]);
  const item = list.items.find((g) => g.sysname === sysname);
  if (!item) return null;
  const seed = engineOf(sysname);
  const engine = seed?.engine ?? 'none';
  const screen = screenOf(engine, SLOT_IDS);
  const slotDef = SLOT_DEFINITIONS.find((s) => s.id === engine);
  let rules: TGameView['rules'] = null;
  try {
    const r = getEngine(engine).rules();
    rules = {
      summary: r.summary,
      rules: r.rules,
      mapping: r.mapping,
      paytable: r.paytable,
      rtpText: r.rtpText,
    };
  } catch {
    rules = null;
  }
  return {
    sysname,
    name: item.name ?? sysname,
    provider: item.provider ?? '',
    providerName: providers.find((p) => p.sysname === item.provider)?.name ?? item.provider ?? '',
    type: item.type ?? 'slot',
    imageUrl: item.image_url ?? '',
    rtp: item.rtp ?? 0,
    minBet: item.min_bet ?? 0.1,
    maxBet: item.max_bet ?? 100,
    hasDemo: item.has_demo ?? true,
    engine,
    engineParams: seed?.params ?? {},
    screen,
    slot: slotDef
      ? {
          id: slotDef.id,
          rows: slotDef.rows,
          symbols: slotDef.symbols,
          reels: slotDef.reels,
          paylines: slotDef.paylines,
        }
      : null,
    rules,
  };
};

/** Spec §4: the full-screen toggle's visibility from the site config (`fullScreenVisibility`), default all. */
export const loadFullscreenVisibility = async (api: TApiClient): Promise<TFullscreenVisibility> => {
  try {
    const meta = await api.get<Record<string, unknown>>('metadata.get', {});
    const value = (meta?.fullScreenVisibility ??
      (meta?.game as Record<string, unknown>)?.fullScreenVisibility) as string;
    return (FULLSCREEN_OPTIONS as readonly string[]).includes(value)
      ? (value as TFullscreenVisibility)
      : 'all';
  } catch {
    return 'all';
  }
};
