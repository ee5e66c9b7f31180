/**
 * Loyalty points of sportsbook bets, earned when they settle (modules/bets settlement consequences), in the
 * settlement's transaction: while a bet stands won, lost or cashed out its stake earns centipoints at the
 * `betting` rate (else the '*' rate, 0.2 point per $1); reopened by a rollback of its settlement, voided or
 * cancelled, it earns none. Each settlement writes only the difference between that target and what the bet's
 * entries (reference 'sportsbook:<bet id>') already add up to, so a repeated or corrected settlement never counts
 * twice. Taking points back never goes below the balance or lifetime, as for a casino rollback (ADR 013).
 */
import { sql } from 'drizzle-orm';
import type { TBetSettlement, TSettlementConsequence } from '../bets/index.ts';
import { queryRows, textArray, toBigInt } from '../ledger/index.ts';

export const sportsbookPointsConsequence = (
  afterCommit: (playerIds: readonly number[]) => Promise<void>,
): TSettlementConsequence => ({
  name: 'loyalty_sportsbook_points',
  async apply(tx, s: TBetSettlement) {
    const reference = `${s.source}:${s.betId}`;
    // The account row serialises this with the player's other points (bets, purchases).
    await tx.execute(
      sql`insert into loyalty_accounts (player_id) values (${s.playerId}) on conflict do nothing`,
    );
    const [row] = await queryRows<{ balance: unknown; lifetime: unknown; net: unknown; percent: unknown }>(
      tx,
      sql`select a.balance, a.lifetime,
                 (select coalesce(sum(e.delta), 0) from loyalty_point_entries e
                   where e.reference = ${reference} and e.reference like 'sportsbook:%'
                     and e.player_id = ${s.playerId}) as net,
                 coalesce((select percent from loyalty_point_rates where game_kind = ${s.gameKind}),
                          (select percent from loyalty_point_rates where game_kind = '*'), 0) as percent
            from loyalty_accounts a where a.player_id = ${s.playerId} for update of a`,
    );
    const target = s.counts ? (s.stake * toBigInt(row?.percent ?? 0)) / 100n : 0n;
    const wanted = target - toBigInt(row?.net ?? 0);
    if (wanted === 0n) return;
    const balance = toBigInt(row?.balance ?? 0);
    const lifetime = toBigInt(row?.lifetime ?? 0);
    const delta = wanted < -balance ? -balance : wanted;
    const lifetimeDelta = wanted < -lifetime ? -lifetime : wanted;
    if (delta === 0n && lifetimeDelta === 0n) return;
    await tx.execute(sql`insert into loyalty_point_entries (player_id, kind, delta, lifetime_delta, reference, meta, at)
      values (${s.playerId}, ${wanted > 0n ? 'bet' : 'rollback'}, ${delta}, ${lifetimeDelta}, ${reference},
              ${JSON.stringify({ game: 'sportsbook', bet: s.betId })}::jsonb, ${s.at})`);
  },
  // A batch of bets newly settled: what each already earned, the accounts and the rates in one query each, the
  // entries in one insert. A bet that would take points back (its clamp reads the running balance) goes one by one.
  async applyMany(tx, settlements) {
    const players = `{${[...new Set(settlements.map((s) => s.playerId))].sort((a, b) => a - b).join(',')}}`;
    await tx.execute(sql`insert into loyalty_accounts (player_id) select unnest(${players}::bigint[])
      on conflict do nothing`);
    await tx.execute(sql`select 1 from loyalty_accounts where player_id = any(${players}::bigint[])
      order by player_id for update`);
    const references = settlements.map((s) => `${s.source}:${s.betId}`);
    const nets = new Map(
      (
        await queryRows<{ reference: string; net: unknown }>(
          tx,
          // One index probe per bet (the lateral aggregate is not flattened into a scan of every entry).
          sql`select r.reference, n.net
                from unnest(${textArray(references)}::text[]) as r(reference)
                cross join lateral (select sum(e.delta) as net from loyalty_point_entries e
                                     where e.reference = r.reference and e.reference like 'sportsbook:%') n
               where n.net is not null`,
        )
      ).map((r) => [r.reference, toBigInt(r.net)]),
    );
    const rates = new Map(
      (
        await queryRows<{ game_kind: string; percent: unknown }>(
          tx,
          sql`select game_kind, percent from loyalty_point_rates`,
        )
      ).map((r) => [r.game_kind, toBigInt(r.percent)]),
    );
    const rows: { player_id: number; delta: string; reference: string; bet: string; at: string }[] = [];
    for (const [i, s] of settlements.entries()) {
      const reference = references[i] as string;
      const percent = rates.get(s.gameKind) ?? rates.get('*') ?? 0n;
      const wanted = (s.counts ? (s.stake * percent) / 100n : 0n) - (nets.get(reference) ?? 0n);
      if (wanted < 0n) await this.apply(tx, s);
      else if (wanted > 0n)
        rows.push({
          player_id: s.playerId,
          delta: wanted.toString(),
          reference,
          bet: s.betId,
          at: s.at.toISOString(),
        });
    }
    if (rows.length > 0)
      await tx.execute(sql`insert into loyalty_point_entries (player_id, kind, delta, lifetime_delta, reference, meta, at)
        select r.player_id, 'bet', r.delta, r.delta, r.reference, jsonb_build_object('game', 'sportsbook', 'bet', r.bet), r.at
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as r(player_id bigint, delta bigint, reference text, bet text, at timestamptz)`);
  },
  afterCommit,
});
