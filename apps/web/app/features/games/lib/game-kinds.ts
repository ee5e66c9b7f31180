/** Which play screen runs which engine of @casino/games. */
export const SCREENS = [
  'slot',
  'roulette',
  'blackjack',
  'dice',
  'crash',
  'mines',
  'hilo',
  'keno',
  'plinko',
  'live-roulette',
  'aggregator',
  'none',
] as const;
export type TScreen = (typeof SCREENS)[number];

/** The engine of games an aggregator brings (Hub88): framed at the provider's URL (the server's `hub88` engine). */
export const AGGREGATOR_ENGINE = 'hub88';
/** Imported games' sysnames begin so (modules/hub88 on the server): their engine is the aggregator's. */
export const AGGREGATOR_PREFIX = 'hub88_';

export const screenOf = (engine: string, slotIds: readonly string[]): TScreen => {
  if (engine === AGGREGATOR_ENGINE) return 'aggregator';
  if (slotIds.includes(engine)) return 'slot';
  return (SCREENS as readonly string[]).includes(engine) ? (engine as TScreen) : 'none';
};

/** What a slot screen needs to draw the reels: symbols, strips, rows and paylines (public data). */
export interface TSlotView {
  id: string;
  rows: number;
  symbols: { id: string; name: string; kind: 'regular' | 'wild' | 'scatter' }[];
  reels: string[][];
  paylines: number[][];
  /** The game's own colours (catalogue `art.palette`: dark, main, light): one engine, ten looks. */
  palette: [string, string, string];
}

export interface TRulesView {
  summary: string;
  rules: string[];
  mapping: string[];
  /** A slot's rows name their symbol (`symbol`), so the panel can draw it and name it in the player's language. */
  paytable: { label: string; value: string; symbol?: string; note?: string }[];
  rtpText: string;
}

/** Everything the game page knows about a game before the first round. */
export interface TGameView {
  sysname: string;
  name: string;
  /** The catalogue's description, in the page's locale. */
  description: string;
  provider: string;
  providerName: string;
  type: string;
  imageUrl: string;
  rtp: number;
  minBet: number;
  maxBet: number;
  hasDemo: boolean;
  engine: string;
  engineParams: Record<string, unknown>;
  screen: TScreen;
  slot: TSlotView | null;
  rules: TRulesView | null;
}

/** Spec §4 full-screen toggle visibility. */
export const FULLSCREEN_OPTIONS = ['all', 'telegram', 'product', 'none'] as const;
export type TFullscreenVisibility = (typeof FULLSCREEN_OPTIONS)[number];

/** Whether the toggle shows: `telegram` only inside the Telegram web app, `product` only outside it. */
export const isFullscreenToggleVisible = (option: TFullscreenVisibility, inTelegram: boolean) =>
  option === 'all' || (option === 'telegram' && inTelegram) || (option === 'product' && !inTelegram);
