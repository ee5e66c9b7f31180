/**
 * Hub88's Games API as its Operator API documents it: POST JSON to `/operator/generic/v2/game/list`,
 * `/operator/generic/v2/game/url` and `/operator/generic/v2/game/round`, each body signed with our private key
 * (X-Hub88-Signature, RSA-SHA256, base64) and carrying our operator_id. Errors come back as an HTTP error code
 * with `{ "error": … }`.
 */
import { z } from 'zod';
import { HUB88_SIGNATURE_HEADER, signHub88 } from './signature.ts';

export interface THub88Settings {
  apiUrl: string;
  operatorId: number;
  privateKeyPem: string;
}

/** A game of /game/list, as far as we use it (unknown fields are kept out; absent ones get defaults). */
export const ZHub88Game = z.object({
  game_code: z.string().min(1).max(90),
  name: z.string().min(1).max(200),
  product: z.string().min(1).max(100),
  category: z.string().nullish(),
  enabled: z.boolean().nullish(),
  url_thumb: z.string().nullish(),
  url_background: z.string().nullish(),
  platforms: z.array(z.string()).nullish(),
  release_date: z.string().nullish(),
  rtp: z.union([z.number(), z.string()]).nullish(),
  volatility: z.union([z.number(), z.string()]).nullish(),
  paylines: z.union([z.number(), z.string()]).nullish(),
  freebet_support: z.boolean().nullish(),
  demo_game_support: z.boolean().nullish(),
});
export type THub88Game = z.output<typeof ZHub88Game>;

export type THub88Platform = 'GPL_DESKTOP' | 'GPL_MOBILE';

export interface TGameUrlRequest {
  /** Absent in demo play, with the token. */
  user?: string;
  token?: string;
  game_code: string;
  platform: THub88Platform;
  currency: string;
  lang: string;
  ip: string;
  country: string;
  lobby_url: string;
  deposit_url?: string;
}

export class Hub88ApiError extends Error {
  readonly httpStatus: number;
  constructor(httpStatus: number, message: string) {
    super(message);
    this.name = 'Hub88ApiError';
    this.httpStatus = httpStatus;
  }
}

const TIMEOUT_MS = 15_000;

const post = async (settings: THub88Settings, path: string, payload: Record<string, unknown>) => {
  const body = JSON.stringify({ ...payload, operator_id: settings.operatorId });
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [HUB88_SIGNATURE_HEADER]: signHub88(settings.privateKeyPem, body),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new Hub88ApiError(0, `Hub88 ${path}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new Hub88ApiError(response.status, `Hub88 ${path}: ${response.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Hub88ApiError(response.status, `Hub88 ${path}: not JSON`);
  }
};

export const createGamesClient = (settings: THub88Settings) => ({
  /** The games enabled for us; entries that do not read as a game are left out. */
  async gameList(): Promise<THub88Game[]> {
    const data = await post(settings, '/operator/generic/v2/game/list', {});
    if (!Array.isArray(data)) throw new Hub88ApiError(200, 'Hub88 game/list: not a list');
    return data.flatMap((item) => {
      const parsed = ZHub88Game.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  },
  /** The URL the player opens (we frame it in the game layout). */
  async gameUrl(request: TGameUrlRequest): Promise<string> {
    const data = (await post(settings, '/operator/generic/v2/game/url', { ...request })) as { url?: unknown };
    if (typeof data?.url !== 'string' || !/^https?:\/\//.test(data.url))
      throw new Hub88ApiError(200, 'Hub88 game/url: no url');
    return data.url;
  },
  /** A page showing one round of a player (round details, for support and disputes). */
  async roundDetails(request: { user: string; transaction_uuid: string; round: string }): Promise<string> {
    const data = (await post(settings, '/operator/generic/v2/game/round', { ...request })) as {
      url?: unknown;
    };
    if (typeof data?.url !== 'string') throw new Hub88ApiError(200, 'Hub88 game/round: no url');
    return data.url;
  },
});
export type TGamesClient = ReturnType<typeof createGamesClient>;
