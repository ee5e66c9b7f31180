/** What the back-office does with jackpots: list every one with its tiers and pools, read one, edit one. */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { forgetJackpotRules } from './jackpot-rules.ts';

const arr = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

export interface TOperatorJackpotTier {
  id: number;
  name: string;
  contributionBp: number;
  seed: bigint;
  mustDropBy: bigint;
  /** The pool now (minor units: seeds + contributions − payouts on the ledger). */
  pool: bigint;
}

export interface TOperatorJackpot {
  id: number;
  name: Record<string, string>;
  currency: string;
  games: string[];
  gameKinds: string[];
  /** Switched off on the games' pages (migrations/0942). */
  excludedGames: string[];
  minBet: bigint;
  imageUrl: string | null;
  state: 'active' | 'paused';
  tiers: TOperatorJackpotTier[];
  winners: number;
}

export const listJackpotsForOperator = async (db: TExecutor, id = 0): Promise<TOperatorJackpot[]> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select j.id, j.name, j.currency, j.games, j.game_kinds, j.excluded_games, j.min_bet::text as min_bet, j.image_url, j.state,
               t.id as tier_id, t.name as tier, t.contribution_bp, t.seed::text as seed,
               t.must_drop_by::text as must_drop_by, jackpot_pool(t.id)::text as pool,
               (select count(*) from jackpot_winners w join jackpot_tiers x on x.id = w.tier_id
                 where x.jackpot_id = j.id)::int as winners
          from jackpots j left join jackpot_tiers t on t.jackpot_id = j.id
         ${id ? sql`where j.id = ${id}` : sql``}
         order by j.id desc, t.seed`,
  );
  const out = new Map<number, TOperatorJackpot>();
  for (const r of rows) {
    const jid = Number(r.id);
    let j = out.get(jid);
    if (!j) {
      j = {
        id: jid,
        name: (r.name ?? {}) as Record<string, string>,
        currency: String(r.currency),
        games: arr(r.games),
        gameKinds: arr(r.game_kinds),
        excludedGames: arr(r.excluded_games),
        minBet: BigInt(String(r.min_bet)),
        imageUrl: (r.image_url as string | null) ?? null,
        state: r.state as 'active' | 'paused',
        tiers: [],
        winners: Number(r.winners ?? 0),
      };
      out.set(jid, j);
    }
    if (r.tier_id !== null && r.tier_id !== undefined)
      j.tiers.push({
        id: Number(r.tier_id),
        name: String(r.tier),
        contributionBp: Number(r.contribution_bp),
        seed: BigInt(String(r.seed)),
        mustDropBy: BigInt(String(r.must_drop_by)),
        pool: BigInt(String(r.pool)),
      });
  }
  return [...out.values()];
};

export interface TJackpotEdit {
  name: Record<string, string>;
  games: string[];
  gameKinds: string[];
  minBet: bigint;
  imageUrl: string | null;
  state: 'active' | 'paused';
  /** Per tier id: its new share of each eligible stake (basis points). Seeds and drop ceilings stay: the drawn
   * cycles' drop points were committed with them. */
  contributionBp: Map<number, number>;
}

/** Answers false when the jackpot does not exist. */
export const updateJackpot = async (db: TExecutor, id: number, edit: TJackpotEdit) => {
  const rows = await queryRows(
    db,
    sql`update jackpots set name = ${JSON.stringify(edit.name)}::jsonb,
          games = array(select jsonb_array_elements_text(${JSON.stringify(edit.games)}::jsonb))::text[],
          game_kinds = array(select jsonb_array_elements_text(${JSON.stringify(edit.gameKinds)}::jsonb))::text[],
          min_bet = ${edit.minBet.toString()}::bigint, image_url = ${edit.imageUrl}, state = ${edit.state}
        where id = ${id} returning id`,
  );
  if (rows.length === 0) return false;
  for (const [tierId, bp] of edit.contributionBp)
    await db.execute(
      sql`update jackpot_tiers set contribution_bp = ${bp} where id = ${tierId} and jackpot_id = ${id}`,
    );
  forgetJackpotRules();
  return true;
};
