/**
 * Tournament points, a consequence of every bet (modules/bets): one statement that adds each real-money movement's
 * points to the player's entry in every running tournament it counts for, in the bet's own transaction. The rules
 * (per tournament): wagered adds qualifying stakes; rounds adds 1 a qualifying stake; won adds wins of rounds whose
 * stake qualified; multiplier keeps the best win ÷ stake (hundredths). A rollback takes its stake's points back
 * (wagered, rounds). A bet qualifies at the tournament's min_bet or more, for its games (empty: all), the games of
 * its providers (studios in the catalogue; empty: all) and its kinds (empty: all), when the player's country and currency meet its restrictions; an opt-in tournament counts only
 * players who joined, an automatic one enters the player on the first qualifying bet. Of two equal scores the one
 * reached first ranks higher: `reached_at` is the time of the movement that last changed the points.
 *
 * A win's round stake is the wallet's round total (game_rounds) or the round's stakes in the same movement batch,
 * whichever is larger: the wallet may record the batch's stake before or after the consequences run (PostgreSQL
 * after, PGlite before). It reads the player's country and currency and the game's studio; it changes only tournament_entries.
 * A batch of which no movement can score in an open tournament (tournament-eligibility.ts, judged in memory) sends
 * it no work.
 */
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetConsequence } from '../bets/pipeline.ts';
import type { TThrottledPublisher } from './live.ts';
import { mayScoreInTournament, mayScoreWins, refreshTournamentRules } from './tournament-eligibility.ts';

/** `changed`: standings may have moved (announced at most once a second; the pages re-read their leaderboard). */
export const tournamentPointsConsequence = (
  changed: TThrottledPublisher,
  db: TExecutor,
): TBetConsequence => ({
  name: 'tournament_points',
  appliesTo: (event) => mayScoreInTournament(db, event),
  readsAlone: (kind) => kind !== 'win' || mayScoreWins(db),
  refresh: () => refreshTournamentRules(db),
  statement: `
    insert into tournament_entries as x (tournament_id, player_id, points, reached_at, joined_at)
    select s.tournament_id, s.player_id,
           case when s.scoring = 'multiplier' then greatest(coalesce(o.points, 0), s.value)
                else greatest(0, coalesce(o.points, 0) + s.value) end,
           s.at, coalesce(o.joined_at, s.at)
      from (select t.id as tournament_id, t.scoring, t.opt_in, e.player_id, max(e.at) as at,
                   case when t.scoring = 'multiplier'
                        then max(case when e.kind = 'win' and r.bet_total >= greatest(t.min_bet, 1)
                                      then e.amount * 100 / r.bet_total else 0 end)
                        else sum(case
                          when t.scoring = 'wagered' and e.kind in ('bet', 'rollback') and e.amount >= greatest(t.min_bet, 1)
                            then case e.kind when 'bet' then e.amount else -e.amount end
                          when t.scoring = 'rounds' and e.kind in ('bet', 'rollback') and e.amount >= greatest(t.min_bet, 1)
                            then case e.kind when 'bet' then 1 else -1 end
                          when t.scoring = 'won' and e.kind = 'win' and r.bet_total >= greatest(t.min_bet, 1)
                            then e.amount
                          else 0 end) end as value
              from bet_events e
              join tournaments t on t.state = 'open' and e.at >= t.starts_at and e.at < t.ends_at
                   and (cardinality(t.games) = 0 or e.game = any (t.games))
                   and (cardinality(t.providers) = 0 or exists (
                        select 1 from games g where g.sysname = e.game and g.provider = any (t.providers)))
                   and (cardinality(t.game_kinds) = 0 or e.game_kind = any (t.game_kinds))
              join players p on p.id = e.player_id and p.currency = t.currency
                   and (cardinality(t.countries) = 0 or p.country_code = any (t.countries))
              left join lateral (
                select greatest(
                  (select g.bet_total from game_rounds g where g.provider = e.provider and g.round_id = e.round_id),
                  (select sum(b.amount) from bet_events b
                    where b.kind = 'bet' and b.provider = e.provider and b.round_id = e.round_id)) as bet_total
                 where e.kind = 'win') r on true
             where e.mode = 'real'
             group by t.id, t.scoring, t.opt_in, e.player_id) s
      left join tournament_entries o on o.tournament_id = s.tournament_id and o.player_id = s.player_id
     where (o.player_id is not null or not s.opt_in)
       and case when s.scoring = 'multiplier' then s.value > coalesce(o.points, 0)
                else s.value <> 0 and (o.player_id is not null or s.value > 0) end
    on conflict (tournament_id, player_id) do update set points = excluded.points, reached_at = excluded.reached_at
    returning 1`,
  async afterCommit(events) {
    if (events.some((e) => e.mode === 'real')) changed.touch();
  },
});
