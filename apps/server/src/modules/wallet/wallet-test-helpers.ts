/** Test helpers for the seamless wallet: a player with money on main and a provider's game session. */
import type { FastifyInstance } from 'fastify';
import { makePlayer } from '../../test/factories.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { walletService } from './wallet-service.ts';

/**
 * A new player funded with `cents` (0: nothing) and a wallet session on `game` of `provider` (default the test
 * provider `acme` and its `test-slot`; a function of the player's id gives each player a provider of its own, so
 * transaction ids never meet another test's).
 */
export const fundedSession = async (
  app: FastifyInstance,
  cents: bigint,
  options: {
    game?: string;
    mode?: 'real' | 'demo';
    provider?: string | ((playerId: number) => string);
  } = {},
) => {
  const { player } = await makePlayer(app);
  if (cents > 0n)
    await postTransaction(app.ctx.db, {
      idempotencyKey: `fund-${player.id}`,
      kind: 'test.fund',
      entries: [
        { account: { playerId: player.id, kind: 'main' }, amount: cents },
        { account: HOUSE.payments, amount: -cents },
      ],
    });
  const provider = options.provider ?? 'acme';
  const { token } = await walletService.openSession(app.ctx, {
    playerId: player.id,
    game: options.game ?? 'test-slot',
    mode: options.mode ?? 'real',
    provider: typeof provider === 'function' ? provider(player.id) : provider,
  });
  return { player, session: token };
};
