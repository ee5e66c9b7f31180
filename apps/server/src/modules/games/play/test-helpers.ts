/** Helpers for the play tests: funded players, balances from the ledger, and playing a round to its end. */
import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signedInClient } from '../../../test/factories.ts';
import type { apiClient } from '../../../test/test-app.ts';
import { HOUSE } from '../../ledger/accounts.ts';
import { getBalances } from '../../ledger/balances.ts';
import { postTransaction } from '../../ledger/post-transaction.ts';

export type TClient = ReturnType<typeof apiClient>;

export const fundedClient = async (app: FastifyInstance, cents: bigint) => {
  const made = await signedInClient(app);
  if (cents > 0n)
    await postTransaction(app.ctx.db, {
      idempotencyKey: `fund-${made.player.id}`,
      kind: 'test.fund',
      entries: [
        { account: { playerId: made.player.id, kind: 'main' }, amount: cents },
        { account: HOUSE.payments, amount: -cents },
      ],
    });
  return made;
};

export const balancesOf = (app: FastifyInstance, playerId: number) => getBalances(app.ctx.db, playerId);

/** Major units of an answer → cents, exactly (answers carry at most 2 decimals). */
export const cents = (major: number) => BigInt(Math.round(major * 100));

/** One game of each engine in the seeded catalogue, with an opening bet and params (crash: live/crash.test.ts). */
export const GAME_CASES: { sysname: string; engine: string; bet: string; params: Record<string, unknown> }[] =
  [
    { sysname: 'moonmill_pharaohs_lantern', engine: 'pharaohs-fortune', bet: '1.00', params: {} },
    { sysname: 'copperfox_coral_cascade', engine: 'ocean-pearls', bet: '1.00', params: {} },
    { sysname: 'copperfox_cherry_flare', engine: 'fruit-frenzy', bet: '1.00', params: {} },
    { sysname: 'moonmill_dusty_trail_gold', engine: 'wild-west-gold', bet: '1.00', params: {} },
    { sysname: 'emberline_ember_wyrm', engine: 'dragons-hoard', bet: '1.00', params: {} },
    {
      sysname: 'velvet_table_european_roulette',
      engine: 'roulette',
      bet: '',
      params: {
        bets: [
          { type: 'red', amount: '1.00' },
          { type: 'straight', numbers: [17], amount: '0.50' },
        ],
      },
    },
    { sysname: 'velvet_table_classic_blackjack', engine: 'blackjack', bet: '2.00', params: {} },
    { sysname: 'sparkrush_dice_duel', engine: 'dice', bet: '1.00', params: { target: 5000, over: true } },
    { sysname: 'sparkrush_minefield', engine: 'mines', bet: '1.00', params: { mines: 3 } },
    {
      sysname: 'puzzleworks_keno_classic',
      engine: 'keno',
      bet: '1.00',
      params: { picks: [1, 7, 13, 22, 35] },
    },
    { sysname: 'puzzleworks_plinko_drop', engine: 'plinko', bet: '1.00', params: {} },
    { sysname: 'puzzleworks_hi_lo', engine: 'hilo', bet: '1.00', params: {} },
  ];

/** Plays further actions of an open round until it finishes (stand, cash out after one tile / one guess). */
export const finishRound = async (client: TClient, sysname: string, first: any) => {
  let answer = first;
  for (let i = 0; i < 20 && answer.data?.status === 'open'; i++) {
    const outcome = answer.data.outcome;
    let params: Record<string, unknown>;
    if (outcome.allowed !== undefined) {
      params = outcome.phase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' };
    } else if (outcome.mineTiles !== undefined) {
      params = outcome.revealed.length === 0 ? { type: 'reveal', tile: 12 } : { type: 'cashout' };
    } else if (outcome.current !== undefined) {
      const guess = outcome.current.rank === 'A' ? 'higher' : 'lower';
      params = outcome.guesses === 0 ? { type: 'guess', guess } : { type: 'cashout' };
    } else params = { type: 'cashout' };
    answer = await client.post('games.play', {
      sysname,
      mode: answer.data.mode,
      round_id: answer.data.round_id,
      params: JSON.stringify(params),
    });
    if (answer.error) throw new Error(JSON.stringify(answer.error));
  }
  return answer;
};

/**
 * The provably fair scheme recomputed here, apart from packages/games: HMAC-SHA256 and SHA-256 from node:crypto
 * (no system binary: the tests run on a machine with nothing but the README's two commands), the messages and the
 * floats built by the scheme's text with plain integer arithmetic.
 */
export const referenceHmac = (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest('hex');

/** The scheme's floats: each 4 bytes of a block's digest, read as base-256 fractions. */
export const referenceFloats = (serverSeed: string, clientSeed: string, nonce: number, count: number) => {
  const floats: number[] = [];
  for (let block = 0; floats.length < count; block++) {
    const hex = referenceHmac(serverSeed, `${clientSeed}:${nonce}:${block}`);
    for (let i = 0; i < 64 && floats.length < count; i += 8) {
      const [b0, b1, b2, b3] = [0, 2, 4, 6].map((o) => Number.parseInt(hex.slice(i + o, i + o + 2), 16));
      floats.push(b0! / 256 + b1! / 256 ** 2 + b2! / 256 ** 3 + b3! / 256 ** 4);
    }
  }
  return floats;
};

export const referenceSha256 = (text: string) => createHash('sha256').update(text).digest('hex');
