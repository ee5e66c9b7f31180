/**
 * A local stand-in playing Hub88's part over HTTP, with a key pair of its own (tests, journeys and, when the demo's
 * parts are on and HUB88_API_URL is this server's `/hub88-sim`, the demo). It speaks the Operator API's documented
 * shapes: the Games API (`/operator/generic/v2/game/list`, `/game/url`, `/game/round`) verified with the operator's
 * public key, and the Wallet API calls to the operator (`/user/info`, `/user/balance`, `/transaction/bet`,
 * `/transaction/win`, `/transaction/rollback`) signed with its private key. Its "game" is a page with a Spin button:
 * a spin stakes 1.00 and pays 2.50 in one round (a bet, then a win naming it), so a journey sees the balance move.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { THub88Game } from '../games-client.ts';
import { HUB88_SIGNATURE_HEADER, signHub88, verifyHub88 } from '../signature.ts';
import { thumbPng } from './thumb.ts';

export interface TStandInOptions {
  /** Signs its Wallet API calls (the operator verifies them with HUB88_PUBLIC_KEY). */
  privateKeyPem: string;
  /** Verifies the operator's Games API calls (the public half of HUB88_OPERATOR_PRIVATE_KEY). */
  operatorPublicKeyPem: string;
  operatorId: number;
  /** The operator's Wallet API, e.g. https://casino.example/hub88/wallet. */
  walletUrl: () => string;
  /** Where the browser reaches the stand-in (the game URLs it hands out), e.g. http://127.0.0.1:4000/hub88-sim. */
  publicBase: () => string;
  games?: THub88Game[];
}

export interface TStandInLaunch {
  id: string;
  user?: string;
  token?: string;
  currency: string;
  game_code: string;
  demo: boolean;
}

/** The stand-in's catalogue: two studios, three kinds. */
export const STAND_IN_GAMES: THub88Game[] = [
  {
    game_code: 'sim_starfall',
    name: 'Starfall Riches',
    product: 'Nebula Studios',
    category: 'Video Slots',
    enabled: true,
    rtp: 96.2,
    volatility: 3,
    paylines: 20,
    release_date: '2026-03-01',
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    demo_game_support: true,
  },
  {
    game_code: 'sim_royal_roulette',
    name: 'Royal Roulette Live',
    product: 'Crown Live',
    category: 'Live Casino',
    enabled: true,
    rtp: 97.3,
    volatility: 'low',
    release_date: '2025-11-15',
    platforms: ['GPL_DESKTOP'],
    demo_game_support: false,
  },
  {
    game_code: 'sim_rocket_dash',
    name: 'Rocket Dash',
    product: 'Nebula Studios',
    category: 'Crash Games',
    enabled: true,
    rtp: 97,
    volatility: 'high',
    release_date: '2026-06-20',
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    demo_game_support: true,
  },
];

const COLOURS: [number, number, number][] = [
  [40, 24, 96],
  [250, 190, 60],
  [20, 120, 90],
  [200, 60, 90],
];

/** Hub88's units of 1.00 (the currency's units × 100000). */
const UNIT = 100_000;
export const SPIN_STAKE = 1 * UNIT;
export const SPIN_WIN = 2.5 * UNIT;

type TRaw = FastifyRequest & { rawBody?: string };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const createHub88StandIn = (options: TStandInOptions) => {
  const games = options.games ?? STAND_IN_GAMES;
  const launches = new Map<string, TStandInLaunch>();
  const results = new Map<string, string>();

  /** A signed Wallet API call to the operator, as Hub88 makes it. */
  const call = async (path: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({ request_uuid: randomUUID(), ...payload });
    const response = await fetch(`${options.walletUrl()}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [HUB88_SIGNATURE_HEADER]: signHub88(options.privateKeyPem, body),
      },
      body,
    });
    return (await response.json()) as Record<string, unknown> & { status: string; balance?: number };
  };

  /** One spin of a launched real game: a bet of 1.00, then its win of 2.50 closing the round. */
  const spin = async (launch: TStandInLaunch) => {
    const round = randomUUID();
    const base = {
      user: launch.user,
      token: launch.token,
      game_code: launch.game_code,
      currency: launch.currency,
      round,
    };
    const betId = randomUUID();
    const bet = await call('/transaction/bet', {
      ...base,
      transaction_uuid: betId,
      supplier_transaction_id: `sim-${betId}`,
      amount: SPIN_STAKE,
      bet: 'spin',
      round_closed: false,
      is_free: false,
    });
    if (bet.status !== 'RS_OK') return { bet, win: null };
    const winId = randomUUID();
    const win = await call('/transaction/win', {
      ...base,
      transaction_uuid: winId,
      supplier_transaction_id: `sim-${winId}`,
      reference_transaction_uuid: betId,
      amount: SPIN_WIN,
      round_closed: true,
      is_free: false,
    });
    return { bet, win };
  };

  const gamePage = (launch: TStandInLaunch, base: string, last: string) => {
    const game = games.find((g) => g.game_code === launch.game_code);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(game?.name ?? '')}</title>
<style>body{margin:0;font:16px system-ui;background:#1b1240;color:#fff;display:grid;place-items:center;min-height:100vh}
button{font:700 20px system-ui;padding:14px 36px;border-radius:12px;border:0;background:#fabe3c;color:#1b1240;cursor:pointer}
main{text-align:center}p{opacity:.85}</style></head><body><main>
<h1 data-testid="sim-game">${escapeHtml(game?.name ?? launch.game_code)}</h1>
<p>Hub88 stand-in · ${launch.demo ? 'demo (play money)' : `real · ${escapeHtml(launch.currency)}`}</p>
${launch.demo ? '<p>Demo play does not reach the operator’s wallet.</p>' : `<form method="post" action="${base}/play/${launch.id}/spin"><button type="submit" data-testid="sim-spin">Spin 1.00</button></form>`}
<p data-testid="sim-result">${escapeHtml(last)}</p></main></body></html>`;
  };

  const verified = (request: FastifyRequest) =>
    verifyHub88(
      options.operatorPublicKeyPem,
      (request as TRaw).rawBody ?? '',
      request.headers[HUB88_SIGNATURE_HEADER],
    ) && (request.body as { operator_id?: unknown })?.operator_id === options.operatorId;

  const register = async (scope: FastifyInstance) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as TRaw).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, {});
      }
    });
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, {}),
    );
    const route = { helmet: false } as const;
    scope.post('/operator/generic/v2/game/list', route, async (request, reply) => {
      if (!verified(request)) return reply.status(401).send({ error: 'invalid signature' });
      const base = options.publicBase();
      return games.map((g) => ({
        ...g,
        url_thumb: `${base}/thumbs/${g.game_code}.png`,
        url_background: null,
      }));
    });
    scope.post('/operator/generic/v2/game/url', route, async (request, reply) => {
      if (!verified(request)) return reply.status(401).send({ error: 'invalid signature' });
      const b = request.body as Record<string, unknown>;
      const game = games.find((g) => g.game_code === b.game_code);
      if (!game) return reply.status(404).send({ error: 'game not found' });
      const demo = b.token === undefined && b.user === undefined;
      if (!demo && (typeof b.token !== 'string' || typeof b.user !== 'string'))
        return reply.status(400).send({ error: 'user and token go together' });
      const launch: TStandInLaunch = {
        id: randomUUID(),
        game_code: game.game_code,
        currency: String(b.currency ?? ''),
        demo,
        ...(demo ? {} : { user: String(b.user), token: String(b.token) }),
      };
      launches.set(launch.id, launch);
      return { url: `${options.publicBase()}/play/${launch.id}` };
    });
    scope.post('/operator/generic/v2/game/round', route, async (request, reply) => {
      if (!verified(request)) return reply.status(401).send({ error: 'invalid signature' });
      const b = request.body as Record<string, unknown>;
      return { url: `${options.publicBase()}/rounds/${encodeURIComponent(String(b.round ?? ''))}` };
    });
    scope.get('/thumbs/:file', route, async (request, reply) => {
      const code = (request.params as { file: string }).file.replace(/\.png$/, '');
      const index = games.findIndex((g) => g.game_code === code);
      if (index < 0) return reply.status(404).send({ error: 'not found' });
      return reply
        .type('image/png')
        .send(thumbPng(COLOURS[index % 4] ?? [0, 0, 0], COLOURS[(index + 1) % 4] ?? [255, 255, 255]));
    });
    scope.get('/play/:id', async (request, reply) => {
      const launch = launches.get((request.params as { id: string }).id);
      if (!launch) return reply.status(404).send({ error: 'no such game session' });
      return reply
        .type('text/html')
        .send(gamePage(launch, options.publicBase(), results.get(launch.id) ?? ''));
    });
    scope.post('/play/:id/spin', async (request, reply) => {
      const launch = launches.get((request.params as { id: string }).id);
      if (!launch || launch.demo) return reply.status(404).send({ error: 'no such game session' });
      const { bet, win } = await spin(launch);
      results.set(launch.id, win ? `Won 2.50 · ${win.status}` : `Bet refused · ${bet.status}`);
      return reply.redirect(`${options.publicBase()}/play/${launch.id}`, 303);
    });
  };

  return {
    register,
    call,
    spin,
    launches,
    /** The latest launch (tests: the token and user our launch sent). */
    lastLaunch: () => [...launches.values()].at(-1),
  };
};
export type THub88StandIn = ReturnType<typeof createHub88StandIn>;
