/**
 * Loyalty points, a consequence of every bet (modules/bets): a real stake earns centipoints at its game kind's rate
 * (loyalty_point_rates: slots 100 %, every other kind 20 %, i.e. 1 and 0.2 point per $1); a rollback takes its
 * bet's points back, never below zero (points already spent stay spent; the entry records what was taken).
 * One entry per player per bet transaction in the append-only points ledger; the account follows by trigger.
 * Sportsbook stakes (game kind `betting`) are not counted here: they count when they settle (sportsbook-points.ts).
 * The statement also answers which players now have a level reached and not claimed (`report`: their lifetime
 * before the statement plus the entry's), so the after-commit hook pays it without asking the database first.
 */
import type { TBetConsequence, TBetEvent } from '../bets/index.ts';

/** The players a report names (int8 arrive as text or bigint); null or undefined: none. */
export const reportedPlayers = (report: unknown): number[] =>
  Array.isArray(report) ? [...new Set(report.map((id) => Number(id)))] : [];

/**
 * The consequence; `afterCommit` gets the players whose rewards may be due (level-ups and quest rewards are paid
 * there): those the statement reported, or every real player of the batch when the bet source kept no report.
 */
export const pointsConsequence = (afterCommit: (playerIds: number[]) => Promise<void>): TBetConsequence => ({
  name: 'loyalty_points',
  kinds: ['bet', 'rollback'],
  statement: `
    insert into loyalty_point_entries (player_id, kind, delta, lifetime_delta, reference, meta, at)
    select p.player_id,
           case when p.earned > 0 then 'bet' else 'rollback' end,
           greatest(p.earned, -coalesce(a.balance, 0)),
           greatest(p.earned, -coalesce(a.lifetime, 0)),
           p.reference, jsonb_build_object('game', p.game), p.at
      from (select e.player_id,
                   sum(case e.kind when 'bet' then 1 else -1 end
                       * (e.amount * coalesce(r.percent, d.percent, 0) / 100)) as earned,
                   string_agg(e.transaction_id, ',' order by e.transaction_id) as reference,
                   max(e.game) as game, max(e.at) as at
              from bet_events e
              left join loyalty_point_rates r on r.game_kind = e.game_kind
              left join loyalty_point_rates d on d.game_kind = '*'
             where e.mode = 'real' and e.kind in ('bet', 'rollback') and e.amount > 0
               and e.game_kind <> 'betting'
             group by e.player_id) p
      left join loyalty_accounts a on a.player_id = p.player_id
     where p.earned <> 0
       and (greatest(p.earned, -coalesce(a.balance, 0)) <> 0 or greatest(p.earned, -coalesce(a.lifetime, 0)) <> 0)
    returning player_id, exists (
      select 1 from loyalty_levels l
       where l.is_active and l.min_points > 0
         and l.min_points <= coalesce((select a.lifetime from loyalty_accounts a
                                        where a.player_id = loyalty_point_entries.player_id), 0) + lifetime_delta
         and not exists (select 1 from loyalty_claims c where c.player_id = loyalty_point_entries.player_id
                                                          and c.kind = 'level' and c.ref_id = l.id)) as due`,
  report: '(select array_agg(player_id) from c_loyalty_points where due)',
  afterCommit: async (events: readonly TBetEvent[], report?: unknown) => {
    const players =
      report === undefined
        ? [...new Set(events.filter((e) => e.mode === 'real').map((e) => e.playerId))]
        : reportedPlayers(report);
    if (players.length > 0) await afterCommit(players);
  },
});
