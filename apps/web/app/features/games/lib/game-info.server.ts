/**
 * Server-only: the game page's data. The catalogue (games.get) gives the public item; the engine a game runs
 * on and its rules come from the catalogue seed and @casino/games (the engines are pure; their rules text,
 * paytable and exact RTP are rendered on the server so no engine code ships for the rules panel).
 */
import { getEngine, SLOT_DEFINITIONS } from '@casino/games';
import catalogue from '../../../../../../content/games/games.json';
import type { TApiClient } from '../../../lib/api/client';
import type { TGameItem } from '../api/games-api';
import { gameDescription, localizeRules } from './content-text.server';
import {
  AGGREGATOR_ENGINE,
  AGGREGATOR_PREFIX,
  FULLSCREEN_OPTIONS,
  screenOf,
  type TFullscreenVisibility,
  type TGameView,
} from './game-kinds';

type TSeedGame = {
  sysname: string;
  engine: string;
  params?: Record<string, unknown>;
  art?: { palette?: string[] };
};
const DEFAULT_PALETTE: [string, string, string] = ['#1c1538', '#7b2ff7', '#ffd65a'];
const SEED = new Map((catalogue as TSeedGame[]).map((g) => [g.sysname, g]));
const SLOT_IDS = SLOT_DEFINITIONS.map((s) => s.id);

const paletteOf = (palette: string[] | undefined): [string, string, string] =>
  palette && palette.length >= 3 ? [palette[0] ?? '', palette[1] ?? '', palette[2] ?? ''] : DEFAULT_PALETTE;

export const engineOf = (sysname: string) => SEED.get(sysname) ?? null;

export const loadGameView = async (
  api: TApiClient,
  sysname: string,
  locale: string,
): Promise<TGameView | null> => {
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
  const engine = seed?.engine ?? (sysname.startsWith(AGGREGATOR_PREFIX) ? AGGREGATOR_ENGINE : 'none');
  const screen = screenOf(engine, SLOT_IDS);
  const slotDef = SLOT_DEFINITIONS.find((s) => s.id === engine);
  let rules: TGameView['rules'] = null;
  try {
    const r = getEngine(engine).rules();
    rules = {
      // A re-skinned slot's rules begin with its engine's name ("Fruit Frenzy: …"): the player sees this game's.
      summary:
        slotDef && r.summary.startsWith(`${slotDef.name}:`)
          ? `${item.name ?? sysname}${r.summary.slice(slotDef.name.length)}`
          : r.summary,
      rules: r.rules,
      mapping: r.mapping,
      paytable: r.paytable.map((row) => {
        // The scatter's row is "Pyramid (scatter) (× total stake)": the symbol, then what it pays on.
        const symbol = slotDef?.symbols.find(
          (s) => row.label === s.name || row.label.startsWith(`${s.name} (`),
        );
        if (!symbol) return row;
        const note = row.label.slice(symbol.name.length).trim();
        return note ? { ...row, symbol: symbol.id, note } : { ...row, symbol: symbol.id };
      }),
      rtpText: r.rtpText,
    };
  } catch {
    rules = null;
  }
  const slot = slotDef ? { id: slotDef.id, symbols: slotDef.symbols } : null;
  return {
    sysname,
    name: item.name ?? sysname,
    description: gameDescription(sysname, item.description?.text ?? '', locale),
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
          palette: paletteOf(seed?.art?.palette),
        }
      : null,
    rules: rules && localizeRules(rules, locale, slot),
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
