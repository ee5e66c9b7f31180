/**
 * Closing a tournament after its end, exactly once across crashes: (1) one transaction freezes the standings into
 * tournament_winners (places with a prize, players with points; ties by who reached the score first) and moves the
 * tournament to `closing`; (2) each prize is paid in its own transaction under the key `tournament-prize:<id>:<place>`
 * (cash through the ledger; a bonus prize through the bonus engine's idempotent grant) and marked paid in the same
 * transaction, so a crash and a retry pays no one twice;
 * (3) the tournament becomes `finished`. A retried job resumes at whatever step it died in.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/database.ts';
import { grantBonus } from '../bonuses/index.ts';
import type { THouseAccount } from '../ledger/index.ts';
import { postInTransaction, publishBalances } from '../ledger/index.ts';
import { prizeTypeOfPlace, TOURNAMENT_COLUMNS, toTournamentRow } from './tournament-rows.ts';

/** Where tournament prizes come from. */
export const TOURNAMENT_PRIZES_ACCOUNT: THouseAccount = 'house:tournament_prizes';
export const CLOSE_TOURNAMENT_JOB = 'competitions.close_tournament';
export const TOURNAMENT_FINISHED = 'competitions.tournament_finished';

const freezeStandings = async (ctx: Pick<TAppContext, 'db'>, id: number) =>
  ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${TOURNAMENT_COLUMNS} from tournaments t where t.id = ${id} for update`,
    );
    if (!row) return null;
    const t = toTournamentRow(row);
    if (t.state !== 'open') return t;
    const places = t.prizes.filter((p) => p.amount > 0).map((p) => ({ place: p.place, amount: p.amount }));
    await tx.execute(
      sql`insert into tournament_winners (tournament_id, place, player_id, points, prize)
          select ${id}, r.place, r.player_id, r.points, p.amount
            from (select player_id, points,
                         row_number() over (order by points desc, reached_at, player_id) as place
                    from tournament_entries where tournament_id = ${id} and points > 0) r
            join jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as p(place int, amount bigint)
              on p.place = r.place
          on conflict do nothing`,
    );
    await tx.execute(sql`update tournaments set state = 'closing', updated_at = now() where id = ${id}`);
    return { ...t, state: 'closing' as const };
  });

export interface TCloseHooks {
  /** Tests: runs after each prize's transaction commits (a throw here is a crash mid-payout). */
  afterPrize?(place: number): void;
}

export const closeTournament = async (
  ctx: Pick<TAppContext, 'db' | 'bus' | 'providers'>,
  id: number,
  hooks: TCloseHooks = {},
) => {
  const t = await freezeStandings(ctx, id);
  if (!t || t.state === 'finished' || t.state === 'cancelled') return;
  const unpaid = await queryRows<{ place: number; player_id: string; prize: string }>(
    ctx.db,
    sql`select place, player_id, prize::text as prize from tournament_winners
         where tournament_id = ${id} and paid_at is null order by place`,
  );
  for (const w of unpaid) {
    const playerId = Number(w.player_id);
    const amount = BigInt(w.prize);
    const key = `tournament-prize:${id}:${w.place}`;
    const now = ctx.providers.clock.now();
    await ctx.db.transaction(async (tx) => {
      let ledgerId: number | null = null;
      if (prizeTypeOfPlace(t, w.place) === 'bonus')
        // A bonus with its own wagering; it waits as available when the player already has an active one.
        await grantBonus(tx, {
          playerId,
          template: 'tournament_prize',
          source: 'tournament',
          sourceRef: `tournament:${id}:${w.place}`,
          grantKey: key,
          amount,
          now,
        });
      else
        ledgerId = (
          await postInTransaction(tx, {
            idempotencyKey: key,
            kind: 'tournament.prize',
            reference: String(id),
            meta: { tournament_id: id, place: w.place },
            entries: [
              { account: { playerId, kind: 'main' }, amount },
              { account: TOURNAMENT_PRIZES_ACCOUNT, amount: -amount },
            ],
            at: now,
          })
        ).id;
      await tx.execute(
        sql`update tournament_winners set ledger_transaction_id = ${ledgerId}, paid_at = ${now}
             where tournament_id = ${id} and place = ${w.place}`,
      );
    });
    await publishBalances(ctx.db, ctx.bus, [playerId]);
    hooks.afterPrize?.(w.place);
  }
  await ctx.db.execute(
    sql`update tournaments set state = 'finished', updated_at = now() where id = ${id} and state = 'closing'`,
  );
  await ctx.bus.publish(TOURNAMENT_FINISHED, { tournament_id: id });
};

/** Queues the closing of every tournament that has ended (once per tournament: a singleton key). */
export const enqueueDueClosings = async (ctx: Pick<TAppContext, 'db' | 'jobs' | 'providers'>) => {
  const due = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id from tournaments where state in ('open', 'closing') and ends_at <= ${ctx.providers.clock.now()}`,
  );
  for (const { id } of due)
    await ctx.jobs.enqueue(
      CLOSE_TOURNAMENT_JOB,
      { tournament_id: Number(id) },
      {
        singletonKey: `tournament-close:${id}`,
      },
    );
};
