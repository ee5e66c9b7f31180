/** bench:wallet's audit: the ledger's invariants, then every player's balances against the bench's own calls. */
import pg from 'pg';
import { getBalances } from '../apps/server/src/modules/ledger/balances.ts';
import { auditScratchLedger } from './harness.ts';

/** `funded`: what each player got before the run (main and bonus). Answers the number of problems found. */
export const auditWalletBalances = (databaseUrl: string, players: number[], funded: bigint) =>
  // Beyond the ledger's own invariants: each player's main and bonus balances are the funding (and the bonus) less
  // the bets plus the wins, plus what loyalty's rewards paid.
  auditScratchLedger({ databaseUrl }, async (db) => {
    const problems: string[] = [];
    const reader = new pg.Client({ connectionString: databaseUrl });
    await reader.connect();
    for (const playerId of players) {
      const [sums] = (
        await reader.query<{ bets: string; wins: string }>(
          `select coalesce(sum(amount) filter (where type = 'bet'), 0)::text as bets,
                  coalesce(sum(amount) filter (where type = 'win'), 0)::text as wins
           from wallet_transactions where player_id = $1`,
          [playerId],
        )
      ).rows;
      // Loyalty's rewards (a level reached, a quest done: cash, or a bonus of its own and whatever became of it)
      // are money the bench did not move itself.
      const [rewards] = (
        await reader.query<{ amount: string }>(
          `select coalesce(sum(e.amount), 0)::text as amount
             from ledger_entries e
             join ledger_transactions t on t.id = e.transaction_id
             join ledger_accounts a on a.id = e.account_id
            where a.player_id = $1 and a.kind in ('main', 'bonus')
              and (t.kind = 'loyalty.reward'
                   or (t.kind like 'bonus.%' and t.reference in
                         (select 'bonus:' || b.id from player_bonuses b where b.player_id = $1 and b.source = 'loyalty')))`,
          [playerId],
        )
      ).rows;
      const expected =
        funded - BigInt(sums?.bets ?? 0) + BigInt(sums?.wins ?? 0) + BigInt(rewards?.amount ?? 0);
      const balances = await getBalances(db, playerId);
      if (balances.main + balances.bonus !== expected) problems.push(`player ${playerId} balance drift`);
    }
    await reader.end();
    return problems;
  });
