/**
 * Quest progress, a consequence of every bet (modules/bets), for the quests running at the bet's time:
 * wager_slots adds real slot stakes (a rollback takes its stake back, never below zero); distinct_games marks each
 * game played (one row per game, counted on read); big_win counts rounds whose win is 10× their stake or more
 * when the stake and the win arrive together (our own games; a provider's later win is not matched here).
 * Deposit quests are read from the cashier, not from bets. `last_delta` carries the signed change into
 * ON CONFLICT, where the inserted value is already clamped at zero. A game already marked for a distinct-games quest
 * is left as it is (its row is counted, never summed: updating it on every bet only wrote a dead row).
 */
import type { TBetConsequence, TBetEvent } from '../bets/index.ts';
import { reportedPlayers } from './points-consequence.ts';

/** A win of this many times its stake or more is a big win. */
export const BIG_WIN_MULTIPLIER = 10;

const running = (alias: string) =>
  `${alias}.is_active and e.at >= ${alias}.starts_at and e.at < ${alias}.ends_at`;

/**
 * `afterCommit` gets the players the statement reported: a counted quest now at its target, or a new game for a
 * distinct-games quest, and not claimed (without a report the points consequence's hook asks for every player).
 */
export const questConsequence = (afterCommit: (playerIds: number[]) => Promise<void>): TBetConsequence => ({
  name: 'loyalty_quests',
  // A win counts only with its stake in the same batch (big_win): a provider's lone win changes nothing.
  readsAlone: (kind) => kind !== 'win',
  statement: `
    insert into loyalty_quest_progress (player_id, quest_id, item, value, last_delta, updated_at)
    select x.player_id, x.quest_id, x.item, greatest(0, x.delta), x.delta, x.at
      from (select e.player_id, q.id as quest_id, '' as item,
                   sum(case e.kind when 'bet' then e.amount else -e.amount end) as delta, max(e.at) as at
              from bet_events e join loyalty_quests q on q.kind = 'wager_slots' and ${running('q')}
             where e.mode = 'real' and e.kind in ('bet', 'rollback') and e.game_kind = 'slot' and e.amount > 0
             group by e.player_id, q.id
            union all
            select e.player_id, q.id, e.game, 0, max(e.at)
              from bet_events e join loyalty_quests q on q.kind = 'distinct_games' and ${running('q')}
             where e.mode = 'real' and e.kind = 'bet' and e.amount > 0
             group by e.player_id, q.id, e.game
            union all
            select e.player_id, q.id, '', count(*), max(e.at)
              from bet_events e
              join bet_events b on b.kind = 'bet' and b.round_id = e.round_id and b.player_id = e.player_id
                              and b.provider = e.provider and b.mode = 'real' and b.amount > 0
              join loyalty_quests q on q.kind = 'big_win' and ${running('q')}
             where e.mode = 'real' and e.kind = 'win' and e.amount >= ${BIG_WIN_MULTIPLIER} * b.amount
             group by e.player_id, q.id) x
     where x.delta <> 0 or x.item <> ''
    on conflict (player_id, quest_id, item) do update
       set value = greatest(0, loyalty_quest_progress.value + excluded.last_delta),
           last_delta = excluded.last_delta, updated_at = excluded.updated_at
     where excluded.item = ''
    returning player_id, quest_id, item, value`,
  report: `(select array_agg(r.player_id) from c_loyalty_quests r join loyalty_quests q on q.id = r.quest_id
             where (r.item <> '' or r.value >= q.target)
               and not exists (select 1 from loyalty_claims c
                                where c.player_id = r.player_id and c.kind = 'quest' and c.ref_id = q.id))`,
  afterCommit: async (_events: readonly TBetEvent[], report?: unknown) => {
    const players = reportedPlayers(report);
    if (players.length > 0) await afterCommit(players);
  },
});
