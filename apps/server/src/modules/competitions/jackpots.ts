/** Jackpots.get and Jackpots.getWinners, and creating a jackpot with its tiers (seed and back-office). */
import type { TJackpot, TJackpotWinner } from '@casino/contracts/calls/jackpots';
import { toMajor } from '@casino/contracts/money';
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { forgetJackpotRules } from './jackpot-rules.ts';
import { publicName, wordsIn } from './points.ts';

const arr = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

/** A pool in e4 (ten-thousandths of a cent, migrations/1160) as major units with 6 decimals: 100050 → "10.005000". */
export const exactMajor = (e4: bigint) => {
  const abs = e4 < 0n ? -e4 : e4;
  return `${e4 < 0n ? '-' : ''}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')}`;
};

export const listJackpots = async (db: TExecutor, id: number, locale: string): Promise<TJackpot[]> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select j.id, j.name, j.currency, j.image_url, j.min_bet::text as min_bet, j.games, j.game_kinds,
               j.excluded_games, t.id as tier_id, t.name as tier, t.contribution_bp, t.seed::text as seed,
               t.must_drop_by::text as must_drop_by, jackpot_pool(t.id)::text as pool,
               jackpot_pool_exact(t.id)::text as pool_exact,
               (select c.seed_hash from jackpot_cycles c where c.tier_id = t.id and c.status = 'current') as seed_hash
          from jackpots j join jackpot_tiers t on t.jackpot_id = j.id
         where j.state = 'active' ${id ? sql`and j.id = ${id}` : sql``}
         order by j.id, t.seed`,
  );
  const out = new Map<number, TJackpot>();
  /** Each jackpot's tiers' exact pools together, in e4. */
  const exact = new Map<number, bigint>();
  for (const r of rows) {
    const jid = Number(r.id);
    let j = out.get(jid);
    if (!j) {
      j = {
        id: jid,
        name: wordsIn(r.name as Record<string, string>, locale),
        currency: String(r.currency),
        image_url: (r.image_url as string | null) ?? null,
        min_bet: toMajor(BigInt(String(r.min_bet))),
        games: arr(r.games),
        game_kinds: arr(r.game_kinds),
        excluded_games: arr(r.excluded_games),
        amount: 0,
        amount_exact: exactMajor(0n),
        tiers: [],
      };
      out.set(jid, j);
      exact.set(jid, 0n);
    }
    const pool = BigInt(String(r.pool));
    const poolExact = BigInt(String(r.pool_exact));
    j.tiers.push({
      id: Number(r.tier_id),
      name: String(r.tier),
      amount: toMajor(pool),
      amount_exact: exactMajor(poolExact),
      seed: toMajor(BigInt(String(r.seed))),
      must_drop_by: toMajor(BigInt(String(r.must_drop_by))),
      contribution_percent: Number(r.contribution_bp) / 100,
      seed_hash: (r.seed_hash as string | null) ?? null,
    });
    j.amount = Math.round((j.amount + toMajor(pool)) * 100) / 100;
    const total = (exact.get(jid) ?? 0n) + poolExact;
    exact.set(jid, total);
    j.amount_exact = exactMajor(total);
  }
  return [...out.values()];
};

export const listJackpotWinners = async (
  db: TExecutor,
  input: { jackpotId: number; offset: number; count: number; locale: string },
) => {
  const where = input.jackpotId ? sql`where t.jackpot_id = ${input.jackpotId}` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select w.id, t.jackpot_id, j.name as jackpot_name, t.name as tier, t.id as tier_id, p.fakename, p.login,
               w.amount::text as amount, j.currency, w.game, w.won_at, c.server_seed, c.seed_hash,
               c.drop_at::text as drop_at, t.seed::text as seed, t.must_drop_by::text as must_drop_by
          from jackpot_winners w join jackpot_tiers t on t.id = w.tier_id join jackpots j on j.id = t.jackpot_id
          join jackpot_cycles c on c.id = w.cycle_id join players_summary_v p on p.id = w.player_id
          ${where} order by w.won_at desc, w.id desc offset ${input.offset} limit ${input.count}`,
  );
  const [total] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from jackpot_winners w join jackpot_tiers t on t.id = w.tier_id ${where}`,
  );
  const items: TJackpotWinner[] = rows.map((r) => ({
    id: Number(r.id),
    jackpot_id: Number(r.jackpot_id),
    jackpot_name: wordsIn(r.jackpot_name as Record<string, string>, input.locale),
    tier: String(r.tier),
    tier_id: Number(r.tier_id),
    player: publicName(r.fakename as string | null, String(r.login)),
    amount: toMajor(BigInt(String(r.amount))),
    currency: String(r.currency),
    game: String(r.game),
    won_at: new Date(r.won_at as string).toISOString(),
    server_seed: String(r.server_seed),
    seed_hash: String(r.seed_hash),
    drop_at: toMajor(BigInt(String(r.drop_at))),
    seed: toMajor(BigInt(String(r.seed))),
    must_drop_by: toMajor(BigInt(String(r.must_drop_by))),
  }));
  return { items, count: Number(total?.n ?? 0) };
};

export interface TJackpotInput {
  /** The seed's key: a second create with the same sysname does nothing. */
  sysname?: string;
  name: Record<string, string>;
  currency?: string;
  games?: string[];
  gameKinds?: string[];
  /** Minor units. */
  minBet?: bigint;
  imageUrl?: string | null;
  tiers: { name: string; contributionBp: number; seed: bigint; mustDropBy: bigint }[];
}

const textArray = (values: readonly string[] = []) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::text[]`;

/** Creates a jackpot and its tiers (null: its sysname exists); their first cycles come from ensureJackpotCycles. */
export const createJackpot = async (db: TExecutor, input: TJackpotInput) => {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into jackpots (sysname, name, currency, games, game_kinds, min_bet, image_url)
        values (${input.sysname ?? null}, ${JSON.stringify(input.name)}::jsonb, ${input.currency ?? 'USD'},
          ${textArray(input.games)}, ${textArray(input.gameKinds)}, ${(input.minBet ?? 0n).toString()}::bigint,
          ${input.imageUrl ?? null})
        on conflict (sysname) do nothing returning id`,
  );
  if (!row) return null;
  const id = Number(row.id);
  for (const tier of input.tiers)
    await db.execute(
      sql`insert into jackpot_tiers (jackpot_id, name, contribution_bp, seed, must_drop_by)
          values (${id}, ${tier.name}, ${tier.contributionBp}, ${tier.seed.toString()}::bigint,
            ${tier.mustDropBy.toString()}::bigint)`,
    );
  forgetJackpotRules();
  return id;
};
