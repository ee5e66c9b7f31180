/**
 * Tournament points, consequences of every bet (modules/bets): statements that add each real-money movement's points
 * to the player's entry in every running tournament it counts for, in the bet's own transaction. Two consequences,
 * one per kind of rule, so that a batch pays only for the rules that can score it (the pipeline leaves out a
 * consequence none of the batch's movements apply to):
 * - `tournament_points`, stakes: wagered adds qualifying stakes, rounds adds 1 a qualifying stake; a rollback takes
 *   its stake's points back;
 * - `tournament_win_points`, wins: won adds wins of rounds whose stake qualified; multiplier keeps the best win ÷
 *   stake (hundredths). A win's round stake is the wallet's round total (game_rounds) or the round's stakes in the
 *   same movement batch, whichever is larger: the wallet may record the batch's stake before or after the
 *   consequences run (PostgreSQL after, PGlite before).
 * A bet qualifies at the tournament's min_bet or more, for its games (empty: all), the games of its providers (studios
 * in the catalogue; empty: all) and its kinds (empty: all), when the player's country and currency meet its
 * restrictions; an opt-in tournament counts only players who joined, an automatic one enters the player on the first
 * qualifying bet. Of two equal scores the one reached first ranks higher: `reached_at` is the time of the last
 * movement that scored. The two statements never write the same entry: each writes only its own rules' tournaments.
 * They read the player's country and currency and the game's studio; they change only tournament_entries. Which
 * movements can score at all is judged in memory first (tournament-eligibility.ts).
 */
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetConsequence, TBetEvent } from '../bets/index.ts';
import type { TThrottledPublisher } from './live.ts';
import { mayScoreInTournament, mayScoreWins, refreshTournamentRules } from './tournament-eligibility.ts';

/**
 * Joins `t`, the open tournaments of these rules that movement `e` counts for (its min_bet aside), and `p`, its
 * player.
 */
const countsFor = (scorings: string) => `
  join tournaments t on t.state = 'open' and t.scoring in (${scorings}) and e.at >= t.starts_at and e.at < t.ends_at
       and (cardinality(t.games) = 0 or e.game = any (t.games))
       and (cardinality(t.providers) = 0 or exists (
            select 1 from games_catalogue_v g where g.sysname = e.game and g.provider = any (t.providers)))
       and (cardinality(t.game_kinds) = 0 or e.game_kind = any (t.game_kinds))
  join players_summary_v p on p.id = e.player_id and p.currency = t.currency
       and (cardinality(t.countries) = 0 or p.country_code = any (t.countries))`;

/** The points `s` (tournament_id, player_id, opt_in, at, value) onto the entries: `o` is the entry as it was. */
const upsert = (points: string, scored: string, sums: string) => `
  insert into tournament_entries as x (tournament_id, player_id, points, reached_at, joined_at)
  select s.tournament_id, s.player_id, ${points}, s.at, coalesce(o.joined_at, s.at)
    from (${sums}) s
    left join tournament_entries o on o.tournament_id = s.tournament_id and o.player_id = s.player_id
   where (o.player_id is not null or not s.opt_in) and ${scored}
  on conflict (tournament_id, player_id) do update set points = excluded.points, reached_at = excluded.reached_at
  returning 1`;

/** Points that add up, and when they change an entry (a new entry only with points above 0). */
const ADDED = 'greatest(0, coalesce(o.points, 0) + s.value)';
const ADDS = 's.value <> 0 and (o.player_id is not null or s.value > 0)';

/**
 * What both consequences share: the rules' copy, and `changed` after a real movement: standings may have moved
 * (announced at most once a second; the pages re-read their leaderboard).
 */
const standingsParts = (changed: TThrottledPublisher, db: TExecutor) => ({
  refresh: () => refreshTournamentRules(db),
  async afterCommit(events: readonly TBetEvent[]) {
    if (events.some((e) => e.mode === 'real')) changed.touch();
  },
});

/** The stakes' rules (wagered, rounds). */
export const tournamentPointsConsequence = (
  changed: TThrottledPublisher,
  db: TExecutor,
): TBetConsequence => ({
  name: 'tournament_points',
  kinds: ['bet', 'rollback'],
  appliesTo: (event) => mayScoreInTournament(db, event),
  ...standingsParts(changed, db),
  statement: upsert(
    ADDED,
    ADDS,
    `select t.id as tournament_id, t.opt_in, e.player_id, max(e.at) as at,
            sum(case when t.scoring = 'wagered' then e.amount else 1 end
                * case e.kind when 'bet' then 1 else -1 end) as value
       from bet_events e ${countsFor(`'wagered', 'rounds'`)}
      where e.mode = 'real' and e.kind in ('bet', 'rollback') and e.amount >= greatest(t.min_bet, 1)
      group by t.id, t.opt_in, e.player_id`,
  ),
});

/** The wins' rules (won, multiplier); it reads the batch's stakes as its wins' company. */
export const tournamentWinPointsConsequence = (
  changed: TThrottledPublisher,
  db: TExecutor,
): TBetConsequence => ({
  name: 'tournament_win_points',
  kinds: ['bet', 'win'],
  appliesTo: (event) => event.kind === 'win' && mayScoreInTournament(db, event),
  readsAlone: (kind) => kind !== 'win' || mayScoreWins(db),
  ...standingsParts(changed, db),
  statement: upsert(
    `case when s.scoring = 'multiplier' then greatest(coalesce(o.points, 0), s.value) else ${ADDED} end`,
    `case when s.scoring = 'multiplier' then s.value > coalesce(o.points, 0) else ${ADDS} end`,
    `select t.id as tournament_id, t.scoring, t.opt_in, e.player_id, max(e.at) as at,
            case when t.scoring = 'multiplier' then max(e.amount * 100 / r.bet_total) else sum(e.amount) end as value
       from bet_events e ${countsFor(`'won', 'multiplier'`)}
       cross join lateral (
         select greatest(
           (select g.bet_total from wallet_round_stakes_v g where g.provider = e.provider and g.round_id = e.round_id),
           (select sum(b.amount) from bet_events b
             where b.kind = 'bet' and b.provider = e.provider and b.round_id = e.round_id)) as bet_total) r
      where e.mode = 'real' and e.kind = 'win' and r.bet_total >= greatest(t.min_bet, 1)
      group by t.id, t.scoring, t.opt_in, e.player_id`,
  ),
});
