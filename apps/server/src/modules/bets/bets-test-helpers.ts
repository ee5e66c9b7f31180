/**
 * Test helpers: a consequence that logs every bet event, keyed by (provider, transaction id) so that one applied
 * twice fails its bet, and the checks that compare the log and the wagering progress with the wallet's record.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contributionOf, DEFAULT_CONTRIBUTIONS } from '../bonuses/content.ts';
import { queryRows } from '../ledger/sql.ts';
import type { TBetConsequence } from './pipeline.ts';

export const betLogConsequence: TBetConsequence = {
  name: 'test_bet_log',
  statement: `insert into test_bet_log (provider, transaction_id, kind, player_id, mode, game_kind, round_id,
                reference_id, amount)
              select provider, transaction_id, kind, player_id, mode, game_kind, round_id, reference_id, amount
                from bet_events
              returning 1`,
};

/** Creates the log table (once per database) and registers the consequence on the app. */
export const installBetLog = async (app: FastifyInstance) => {
  await app.ctx.db.execute(sql`create table if not exists test_bet_log (
    seq bigserial, provider text, transaction_id text, kind text, player_id bigint, mode text, game_kind text,
    round_id text, reference_id text, amount bigint, primary key (provider, transaction_id))`);
  app.ctx.bets.register(betLogConsequence);
};

/**
 * Differences between the player's wallet transactions and the log: every wallet transaction must have exactly one
 * log row of the same kind and the amount that moved (a rollback: its bet's stake when it returned it, else 0), and
 * the log no row without one. Answers a line per difference (none when they agree).
 */
export const betLogDifferences = async (app: FastifyInstance, playerId: number): Promise<string[]> => {
  const rows = await queryRows<{ provider: string; transaction_id: string; problem: string }>(
    app.ctx.db,
    sql`with expected as (
          select w.provider, w.transaction_id, w.type as kind,
                 case when w.type <> 'rollback' then w.amount
                      when w.ledger_transaction_id is null then 0
                      else (select b.amount from wallet_transactions b
                             where b.provider = w.provider and b.transaction_id = w.reference_transaction_id) end
                   as amount
            from wallet_transactions w where w.player_id = ${playerId}),
        logged as (select provider, transaction_id, kind, amount from test_bet_log where player_id = ${playerId})
        select coalesce(e.provider, l.provider) as provider, coalesce(e.transaction_id, l.transaction_id)
                 as transaction_id,
               case when l.transaction_id is null then 'not logged'
                    when e.transaction_id is null then 'logged without a wallet transaction'
                    else 'logged as ' || l.kind || ' ' || l.amount || ', wallet ' || e.kind || ' ' || e.amount
               end as problem
          from expected e full join logged l on l.provider = e.provider and l.transaction_id = e.transaction_id
         where l.transaction_id is null or e.transaction_id is null or l.kind <> e.kind or l.amount <> e.amount`,
  );
  return rows.map((r) => `${r.provider}:${r.transaction_id}: ${r.problem}`);
};

/** The wagering progress of the player's newest bonus (active, or completed since), in minor units. */
export const wageredOf = async (app: FastifyInstance, playerId: number) => {
  const [row] = await queryRows<{ wagered: unknown }>(
    app.ctx.db,
    sql`select wagered from player_bonuses where player_id = ${playerId} order by id desc limit 1`,
  );
  if (!row) throw new Error(`player ${playerId} has no bonus`);
  return BigInt(String(row.wagered));
};

/** Wagering's share of a stake under the seeded templates' contributions: slots 100 %, other kinds 10 %. */
export const wageringShare = (amount: bigint, gameKind: string) =>
  (amount * BigInt(contributionOf(DEFAULT_CONTRIBUTIONS, gameKind))) / 100n;
