/**
 * The reports reconcile with the ledger to the cent: money moves through the real paths (ledger postings of the
 * cashier's and bonus kinds, the seamless wallet for rounds) over three days, the days are aggregated, and every
 * figure of every filter is compared with the same figure computed here straight from the ledger's entries.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { gameDims, type TGameDims } from '../games/catalogue/game-dims.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { queryRows } from '../ledger/sql.ts';
import { feedClient } from '../sportsbook/sportsbook-test-helpers.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { recomputeReportDay } from './aggregate-day.ts';
import { gameFigures, playerLifetime, reportFigures, type TReportFilter } from './report-queries.ts';
import { rtpDeviation } from './rtp-stats.ts';

let t: TTestApp;
let catalogue: Map<string, TGameDims>;
const DAYS = ['2026-11-19', '2026-11-20', '2026-11-21'];
let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const playerIds: number[] = [];

const post = (
  key: string,
  kind: string,
  entries: Parameters<typeof postTransaction>[1]['entries'],
  meta = {},
) =>
  postTransaction(t.app.ctx.db, {
    idempotencyKey: key,
    kind,
    entries,
    meta,
    at: t.app.ctx.providers.clock.now(),
  });

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  const feed = feedClient(t.app);
  catalogue = await gameDims(t.app.ctx.db);
  const games = [...catalogue.values()].slice(0, 4).map((g) => g.sysname);
  const people = [
    { countryCode: 'DE', currency: 'USD' },
    { countryCode: 'DE', currency: 'EUR' },
    { countryCode: 'FR', currency: 'USD' },
    { countryCode: 'BR', currency: 'USD' },
  ];
  let n = 0;
  for (const [d, day] of DAYS.entries()) {
    for (const [i, who] of people.entries()) {
      t.clock.set(new Date(`${day}T0${i + 1}:00:00Z`));
      const { player, client } = await signedInClient(t.app, who);
      playerIds.push(player.id);
      const id = player.id;
      const deposit = BigInt(5_000 + rand(100_000));
      await post(`dep-${id}`, 'deposit', [
        { account: { playerId: id, kind: 'main' }, amount: deposit },
        { account: HOUSE.payments, amount: -deposit },
      ]);
      if (i % 2 === 0) {
        await post(`dep2-${id}`, 'deposit', [
          { account: { playerId: id, kind: 'main' }, amount: 1_234n },
          { account: HOUSE.payments, amount: -1_234n },
        ]);
        const grant = BigInt(500 + rand(2_000));
        await post(`grant-${id}`, 'bonus.grant', [
          { account: { playerId: id, kind: 'bonus' }, amount: grant },
          { account: HOUSE.bonuses, amount: -grant },
        ]);
        await post(`convert-${id}`, 'bonus.convert', [
          { account: { playerId: id, kind: 'bonus' }, amount: -grant / 2n },
          { account: { playerId: id, kind: 'main' }, amount: grant / 2n },
        ]);
      }
      for (const game of games.slice(0, 2 + (i % 3))) {
        const { token } = await walletService.openSession(t.app.ctx, { playerId: id, game, mode: 'real' });
        for (let r = 0; r < 6; r += 1) {
          n += 1;
          const stake = BigInt(10 + rand(300));
          await walletService.bet(t.app.ctx, {
            session: token,
            transactionId: `b${n}`,
            roundId: `r${n}`,
            amount: stake,
          });
          if (r === 5) {
            await walletService.rollback(t.app.ctx, {
              session: token,
              transactionId: `x${n}`,
              referenceTransactionId: `b${n}`,
            });
            continue;
          }
          const win = BigInt(rand(3) === 0 ? rand(900) : 0);
          await walletService.win(t.app.ctx, {
            session: token,
            transactionId: `w${n}`,
            roundId: `r${n}`,
            amount: win,
          });
        }
      }
      // A demo session moves play money only: never in a report.
      const demo = await walletService.openSession(t.app.ctx, {
        playerId: id,
        game: games[0] ?? '',
        mode: 'demo',
      });
      await walletService.bet(t.app.ctx, {
        session: demo.token,
        transactionId: `d${id}`,
        roundId: `dr${id}`,
        amount: 100n,
      });
      if (i === 3) {
        // A sportsbook single at odds 2, placed and settled the same day: won on even days, lost on odd ones.
        const stake = BigInt(1_000 + rand(1_000));
        await feed.football(`rep${d}`, [2, 3.5, 4]);
        const placed = await client.post('sportsbook.placeBet', {
          selections: JSON.stringify([
            { event_id: `rep${d}`, market_id: 1, specifiers: '', outcome_id: '1', odds: 2 },
          ]),
          type: 'single',
          stake: (Number(stake) / 100).toFixed(2),
          accept_odds: 'none',
          bet_uuid: `rep-${id}`,
        });
        if (placed.error) throw new Error(JSON.stringify(placed.error));
        await feed.settle1x2(`rep${d}`, d % 2 === 0 ? '1' : '2');
      }
      if (i === 1 || i === 2) {
        const amount = 2_000n + BigInt(d);
        await postTransaction(t.app.ctx.db, {
          idempotencyKey: `hold-${id}`,
          kind: 'withdrawal.hold',
          reference: `wd-${id}`,
          entries: [
            { account: { playerId: id, kind: 'main' }, amount: -amount },
            { account: HOUSE.withdrawalsPending, amount },
          ],
          at: t.clock.now(),
        });
        await postTransaction(t.app.ctx.db, {
          idempotencyKey: `approve-${id}`,
          kind: 'withdrawal.approved',
          reference: `wd-${id}`,
          entries: [
            { account: HOUSE.withdrawalsPending, amount: -amount },
            { account: HOUSE.payments, amount },
          ],
          at: t.clock.now(),
        });
      }
    }
  }
  for (const day of DAYS) await recomputeReportDay(t.app.ctx.db, day, t.clock.now());
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface TLedgerLine {
  kind: string;
  reference: string | null;
  game: string | null;
  product: string | null;
  day: string;
  amount: string;
  account: string;
  player_id: string | null;
  country: string | null;
  currency: string | null;
}

/** The figures of a filter, computed from the ledger's entries alone (the oracle). */
const fromLedger = async (f: TReportFilter) => {
  const lines = await queryRows<TLedgerLine>(
    t.app.ctx.db,
    sql`select t.kind, t.reference, t.meta->>'game' as game, t.meta->>'product' as product,
          to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, e.amount::text as amount, a.kind as account,
          a.player_id::text as player_id, p.country_code as country, p.currency
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id left join players p on p.id = a.player_id
        order by t.id`,
  );
  const holds = new Map(
    lines.filter((l) => l.kind === 'withdrawal.hold' && l.player_id).map((l) => [l.reference, l]),
  );
  const inRange = (day: string) => day >= f.from && day <= f.to;
  const playFilter = Boolean(f.game || f.provider || f.gameKind || f.product);
  const sums = {
    stakes: 0n,
    wins: 0n,
    deposits: 0n,
    depositCount: 0,
    withdrawals: 0n,
    granted: 0n,
    converted: 0n,
  };
  const stakesOf = new Map<string, bigint>();
  const firstDeposit = new Map<string, string>();
  for (const l of lines)
    if (l.kind === 'deposit' && l.player_id && !firstDeposit.has(l.player_id))
      firstDeposit.set(l.player_id, l.day);
  let firstDeposits = 0;
  const approvals = new Set<string | null>();
  for (const l of lines) {
    if (l.kind === 'withdrawal.approved') {
      if (approvals.has(l.reference)) continue;
      approvals.add(l.reference);
    }
    const line =
      l.kind === 'withdrawal.approved' ? { ...holds.get(l.reference), day: l.day, kind: l.kind } : l;
    if (!line.player_id || line.account === 'fun' || !inRange(line.day)) continue;
    if (line.currency !== f.currency || (f.country && line.country !== f.country)) continue;
    const amount = BigInt(line.amount ?? '0');
    const isPlay = line.kind?.startsWith('game.') || line.kind?.startsWith('sportsbook.');
    const game = isPlay ? (line.game ?? '') : '';
    const dims = catalogue.get(game);
    const product = line.kind?.startsWith('sportsbook.')
      ? 'betting'
      : isPlay
        ? dims?.kind === 'betting'
          ? 'betting'
          : 'casino'
        : line.account === 'betting_bonus'
          ? 'betting'
          : line.kind?.startsWith('bonus.')
            ? 'casino'
            : '';
    if (f.game && game !== f.game) continue;
    if (f.provider && dims?.provider !== f.provider) continue;
    if (f.gameKind && dims?.kind !== f.gameKind) continue;
    if (f.product && product !== f.product) continue;
    if (isPlay) {
      const stake = line.kind === 'game.win' || line.kind === 'sportsbook.win' ? 0n : -amount;
      if (stake === 0n) sums.wins += amount;
      else sums.stakes += stake;
      const key = `${line.day}|${line.player_id}|${product}|${game}`;
      stakesOf.set(key, (stakesOf.get(key) ?? 0n) + stake);
    } else if (!playFilter || (product !== '' && !f.game && !f.provider && !f.gameKind)) {
      if (line.kind === 'deposit') {
        sums.deposits += amount;
        sums.depositCount += 1;
        if (firstDeposit.get(line.player_id) === line.day && amount > 0n) {
          firstDeposits += 1;
          firstDeposit.delete(line.player_id);
        }
      } else if (line.kind === 'withdrawal.approved') sums.withdrawals += -amount;
      else if (line.kind === 'bonus.grant' && line.account === 'bonus') sums.granted += amount;
      else if (line.kind === 'bonus.convert' && line.account === 'bonus') sums.converted += -amount;
    }
  }
  const active = new Set([...stakesOf].filter(([, v]) => v > 0n).map(([k]) => k.split('|')[1]));
  const [regs] = await queryRows<{ n: number }>(
    t.app.ctx.db,
    sql`select count(*)::int as n from players where currency = ${f.currency}
          and (${f.country ?? ''} = '' or country_code = ${f.country ?? ''})
          and to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') between ${f.from} and ${f.to}`,
  );
  const ggr = sums.stakes - sums.wins;
  return {
    ...sums,
    ggr,
    ngr: ggr - sums.converted,
    active: active.size,
    firstDeposits,
    registrations: regs?.n ?? 0,
  };
};

const FILTERS = (): TReportFilter[] => {
  const games = [...catalogue.values()].slice(0, 4);
  const base: TReportFilter = { from: DAYS[0] ?? '', to: DAYS[2] ?? '', period: 'day', currency: 'USD' };
  return [
    base,
    { ...base, period: 'week' },
    { ...base, period: 'month', currency: 'EUR' },
    { ...base, country: 'DE' },
    { ...base, from: DAYS[1] ?? '', to: DAYS[1] ?? '' },
    { ...base, product: 'casino' },
    { ...base, product: 'betting' },
    { ...base, game: games[1]?.sysname },
    { ...base, provider: games[0]?.provider },
    { ...base, gameKind: games[0]?.kind, country: 'FR' },
  ];
};

describe('reports', () => {
  it('reconcile every figure of every filter with the ledger to the cent', async () => {
    for (const filter of FILTERS()) {
      const expected = await fromLedger(filter);
      const { periods, total } = await reportFigures(t.app.ctx.db, filter);
      const actual = {
        stakes: total.stakes,
        wins: total.wins,
        deposits: total.deposits,
        depositCount: total.depositCount,
        withdrawals: total.withdrawals,
        granted: total.bonusGranted,
        converted: total.bonusConverted,
        ggr: total.ggr,
        ngr: total.ngr,
        active: total.activePlayers,
        firstDeposits: total.firstDeposits,
        registrations: total.registrations,
      };
      expect(actual, JSON.stringify(filter)).toEqual(expected);
      // The periods add up to the range (but active players, who are counted once over the range).
      expect(periods.reduce((s, p) => s + p.stakes, 0n)).toBe(total.stakes);
      expect(periods.reduce((s, p) => s + p.deposits, 0n)).toBe(total.deposits);
      expect(periods.reduce((s, p) => s + p.registrations, 0)).toBe(total.registrations);
      if (filter.period === 'day') {
        for (const p of periods) {
          const day = await fromLedger({ ...filter, from: p.period, to: p.period });
          expect([p.ggr, p.activePlayers, p.withdrawals], `${p.period} ${JSON.stringify(filter)}`).toEqual([
            day.ggr,
            day.active,
            day.withdrawals,
          ]);
        }
      }
    }
  });

  it('move real money only, and the sportsbook margin is the betting product’s hold', async () => {
    const all = await reportFigures(t.app.ctx.db, FILTERS()[0] as TReportFilter);
    expect(all.total.stakes).toBeGreaterThan(0n);
    expect(all.total.deposits).toBeGreaterThan(0n);
    expect(all.total.withdrawals).toBeGreaterThan(0n);
    expect(all.total.bonusConverted).toBeGreaterThan(0n);
    const betting = await fromLedger({ ...(FILTERS()[0] as TReportFilter), product: 'betting' });
    expect(betting.stakes).toBeGreaterThan(0n);
    const margin = Number((betting.ggr * 1_000_000n) / betting.stakes) / 10_000;
    expect(all.total.sportsbookMargin).toBe(margin);
    expect(all.total.holdPercent).toBe(Number((all.total.ggr * 1_000_000n) / all.total.stakes) / 10_000);
  });

  it('give per game the volume, the RTP against the catalogue’s and the rounds behind it', async () => {
    const filter = FILTERS()[0] as TReportFilter;
    const rows = await gameFigures(t.app.ctx.db, filter);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      const expected = await fromLedger({ ...filter, game: row.game });
      expect([row.stakes, row.wins], row.game).toEqual([expected.stakes, expected.wins]);
      expect(row.rtpTheoretical).toBe(catalogue.get(row.game)?.rtp);
      const [rounds] = await queryRows<{ n: number }>(
        t.app.ctx.db,
        sql`select count(*)::int as n from game_rounds g join players p on p.id = g.player_id
            where g.game = ${row.game} and g.mode = 'real' and g.status <> 'rolled_back' and g.bet_total > 0
              and p.currency = 'USD'`,
      );
      expect(row.rounds).toBe(rounds?.n);
    }
  });

  it('give a player’s lifetime value from every day', async () => {
    const id = playerIds[0] ?? 0;
    const life = await playerLifetime(t.app.ctx.db, id);
    const [row] = await queryRows<{ ggr: string }>(
      t.app.ctx.db,
      sql`select coalesce(-sum(e.amount), 0)::text as ggr from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
          where a.player_id = ${id} and a.kind = 'main' and t.kind like 'game.%'`,
    );
    expect(life.ggr).toBe(BigInt(row?.ggr ?? 'x'));
    expect(life.ngr).toBe(life.ggr - life.bonusConverted);
  });

  it('recompute a day to the same rows, and an empty day to none', async () => {
    const before = await reportFigures(t.app.ctx.db, FILTERS()[0] as TReportFilter);
    await recomputeReportDay(t.app.ctx.db, DAYS[1] ?? '', t.clock.now());
    expect(await reportFigures(t.app.ctx.db, FILTERS()[0] as TReportFilter)).toEqual(before);
    expect((await recomputeReportDay(t.app.ctx.db, '2020-01-01', t.clock.now())).rows).toBe(0);
  });
});

describe('the RTP deviation', () => {
  const simulate = (rounds: number, payout: number, chance: number) => {
    let s = 1;
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < rounds; i += 1) {
      s = (s * 48_271) % 2_147_483_647;
      const x = s / 2_147_483_647 < chance ? payout : 0;
      sum += x;
      sq += x * x;
    }
    return [sum, sq] as const;
  };
  it('does not flag a game paying its theoretical RTP, and flags one paying 5 points more', () => {
    const [sum, sq] = simulate(100_000, 2, 0.48);
    const fair = rtpDeviation(100_000, sum, sq, 96);
    expect(Math.abs(fair.z ?? 99)).toBeLessThan(3);
    expect(fair.flagged).toBe(false);
    const [hot, hotSq] = simulate(100_000, 2, 0.505);
    const biased = rtpDeviation(100_000, hot, hotSq, 96);
    expect(biased.z ?? 0).toBeGreaterThan(3);
    expect(biased.flagged).toBe(true);
  });
  it('does not flag with too few rounds', () => {
    expect(rtpDeviation(10, 30, 90, 96).flagged).toBe(false);
    expect(rtpDeviation(0, 0, 0, 96)).toEqual({ meanReturn: null, z: null, flagged: false });
  });
});
