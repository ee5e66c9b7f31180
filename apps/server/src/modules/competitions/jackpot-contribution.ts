/**
 * Jackpot contributions and drops, a consequence of every bet (modules/bets): one statement hands the batch's real
 * stakes and rollbacks to `jackpot_apply` (sql/functions/competitions/), which adds the eligible stakes' exact shares
 * to the tiers' pools (to a ten-thousandth of a cent, the rest of a cent carried by the pool) and appends the whole
 * cents each stake's share makes to the stake's own ledger transaction as `jackpot.contribution` lines
 * (house:games → house:jackpot:<tier>; docs/decisions/050, 070), takes a rolled-back stake's share back in the
 * rollback's transaction, and pays a pool that reached its cycle's committed drop point to the player whose stake
 * reached it, in the bet's own database transaction. After commit it tells the site (bus) that pools moved; a drop
 * is announced as well.
 * A batch of which no movement can feed a jackpot (jackpot-rules.ts, judged in memory) sends it no work.
 */
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetConsequence } from '../bets/index.ts';
import { mayFeedJackpot, refreshJackpotRules } from './jackpot-rules.ts';
import type { TThrottledPublisher } from './live.ts';

/** `changed`: the pools moved (announced at most once a second: the site re-reads the amounts). */
export const jackpotConsequence = (changed: TThrottledPublisher, db: TExecutor): TBetConsequence => {
  return {
    name: 'jackpot',
    kinds: ['bet', 'rollback'],
    appliesTo: (event) => mayFeedJackpot(db, event),
    refresh: () => refreshJackpotRules(db),
    statement: `
    select jackpot_apply(jsonb_agg(jsonb_build_object('kind', e.kind, 'player_id', e.player_id,
             'provider', e.provider, 'game', e.game, 'game_kind', e.game_kind, 'transaction_id', e.transaction_id,
             'amount', e.amount, 'at', e.at))) as changes
      from bet_events e
     where e.mode = 'real' and e.kind in ('bet', 'rollback') and e.amount > 0
    having count(*) > 0`,
    async afterCommit(events) {
      if (events.some((e) => e.mode === 'real')) changed.touch();
    },
  };
};
