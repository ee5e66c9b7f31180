/** Test-only (reconciliation.property.test.ts): what one run makes before its first day, and keeps track of. */
import type { FastifyInstance } from 'fastify';
import { depositedClient } from '../../cashier/cashier-test-helpers.ts';
import type { TClient } from '../../games/play/test-helpers.ts';
import type { feedClient } from '../../sportsbook/sportsbook-test-helpers.ts';
import { DAY_MS } from './days.ts';
import type { OperatorBrowser } from './operator-browser.ts';
import { DICE, EVENTS, ODDS, PLAYERS } from './ops.ts';

export interface TPlayerRig {
  id: number;
  client: TClient;
  /** A third party's seamless-wallet session (a slot of another provider), opened each morning. */
  provider: string;
}

/** What one run made: its players, fixtures, tournaments, bets and the withdrawals nobody acted on yet. */
export interface TRun {
  n: number;
  /** 00:00 UTC of its first day. */
  first: Date;
  players: TPlayerRig[];
  events: string[];
  tournaments: number[];
  bets: { p: number; id: number }[];
  withdrawals: { p: number; id: string }[];
  seq: number;
}

/** A run's players (each with a first deposit), fixtures and two tournaments with an entry fee. */
export const makeRun = async (
  app: FastifyInstance,
  feed: ReturnType<typeof feedClient>,
  operator: OperatorBrowser,
  n: number,
  first: Date,
): Promise<TRun> => {
  const run: TRun = {
    n,
    first,
    players: [],
    events: [],
    tournaments: [],
    bets: [],
    withdrawals: [],
    seq: 0,
  };
  for (let i = 0; i < PLAYERS; i++) {
    const made = await depositedClient(app, '200.00');
    run.players.push({ id: made.player.id, client: made.client, provider: '' });
  }
  for (let e = 0; e < EVENTS; e++) {
    const id = `recon-${n}-${e}`;
    // Far enough ahead that the fixtures stay pre-match through the run.
    await feed.football(id, ODDS, { start: new Date(first.getTime() + 30 * DAY_MS) });
    run.events.push(id);
  }
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  for (const [i, days] of [1.5, 2.5].entries()) {
    const created = await operator.submit(
      '/admin/competitions/tournaments/new',
      '/admin/competitions/tournaments',
      {
        title: `Run ${n} cup ${i}`,
        description: 'Roll the most.',
        starts_at: iso(first.getTime()),
        ends_at: iso(first.getTime() + days * DAY_MS),
        scoring: 'wagered',
        min_bet: '0.10',
        currency: 'USD',
        opt_in: '1',
        entry_fee: '2.00',
        games: DICE,
        prize_amount: ['7.00', '4.00', ''],
        prize_type: ['cash', 'bonus', 'cash'],
      },
      /tournaments\/\d+\?ok=tournament_created$/,
    );
    run.tournaments.push(Number(/tournaments\/(\d+)\?/.exec(created)?.[1]));
  }
  return run;
};
