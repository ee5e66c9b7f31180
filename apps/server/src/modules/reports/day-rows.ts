/**
 * A day's report rows out of its inputs (day-inputs.ts), without I/O:
 * - per player, product and game: SETTLED play (GGR counts it; docs/decisions/016): the stakes that left the open
 *   bets that day = stakes placed − stakes rolled back − (open at the day's end − open at its start) − stakes of
 *   sportsbook bets voided or cancelled; the wins paid, less the refunds of those bets and the payouts taken back;
 *   the stakes open at the day's end apart. Deposits, withdrawals paid, bonus granted and converted as before.
 * - per currency, country, kind, detail and account: every movement of player money (report_movements), and the
 *   house's paid withdrawals and jackpot contributions beside them;
 * - per currency and country: the balances at the day's start and end.
 */
import { SPORTSBOOK_GAME } from '../sportsbook/index.ts';
import type { TDayInputs } from './day-inputs.ts';
import type { TBalanceRow, TMovementRow, TReportRow } from './schema.ts';

type TAcc = Omit<Required<TReportRow>, 'day' | 'country' | 'currency'>;
const emptyRow = (
  playerId: number,
  product: string,
  game: string,
  provider: string,
  gameKind: string,
): TAcc => ({
  playerId,
  product,
  game,
  provider,
  gameKind,
  stakes: 0n,
  wins: 0n,
  rounds: 0,
  returnSum: 0,
  returnSqSum: 0,
  deposits: 0n,
  depositCount: 0,
  firstDeposits: 0,
  withdrawals: 0n,
  bonusGranted: 0n,
  bonusConverted: 0n,
  openStakes: 0n,
  voidedStakes: 0n,
});

const BONUS_ACCOUNTS = new Set(['bonus', 'betting_bonus']);

export const buildDayRows = (input: TDayInputs) => {
  const { day, catalogue, dims } = input;
  const dimsOf = (playerId: number | null) =>
    (playerId === null ? undefined : dims.get(playerId)) ?? { country: '', currency: '' };
  const rows = new Map<string, TAcc>();
  const productOfGame = (game: string, declared = '') =>
    declared === 'betting' || declared === 'casino'
      ? declared
      : catalogue.get(game)?.kind === 'betting'
        ? 'betting'
        : 'casino';
  const rowOf = (playerId: number, product: string, game: string, provider = '') => {
    const key = `${playerId}|${product}|${game}`;
    let row = rows.get(key);
    if (!row) {
      const d = catalogue.get(game);
      row = emptyRow(playerId, product, game, d?.provider ?? provider, d?.kind ?? '');
      rows.set(key, row);
    }
    return row;
  };
  const sportsbookRow = (playerId: number) => rowOf(playerId, 'betting', SPORTSBOOK_GAME);

  const lines = new Map<string, TMovementRow>();
  const addLine = (
    playerId: number | null,
    kind: string,
    detail: string,
    account: string,
    amount: bigint,
    count = 0,
  ) => {
    const { currency, country } = dimsOf(playerId);
    addGroupLine(currency, country, kind, detail, account, amount, count);
  };
  const addGroupLine = (
    currency: string,
    country: string,
    kind: string,
    detail: string,
    account: string,
    amount: bigint,
    count: number,
  ) => {
    const key = `${currency}|${country}|${kind}|${detail}|${account}`;
    const line = lines.get(key);
    if (line) {
      line.amount += amount;
      line.count += count;
    } else lines.set(key, { day, currency, country, kind, detail, account, amount, count });
  };

  for (const m of input.movements) {
    let detail = m.detail;
    if (m.kind === 'game.bet' || m.kind === 'game.win' || m.kind === 'game.rollback') {
      detail = productOfGame(m.game, m.product);
      const row = rowOf(m.playerId, detail, m.game);
      if (m.kind === 'game.win') row.wins += m.amount;
      else row.stakes -= m.amount;
    } else if (m.kind === 'sportsbook.unsettle' || m.kind === 'sportsbook.debt_repayment') {
      // A payout given back (now or out of a later deposit): wins lessened, the bet is open again.
      sportsbookRow(m.playerId).wins += m.amount;
    } else if (m.kind === 'deposit') {
      const row = rowOf(m.playerId, '', '');
      row.deposits += m.amount;
      row.depositCount += m.count;
    } else if (m.kind.startsWith('bonus.') && BONUS_ACCOUNTS.has(m.account)) {
      const row = rowOf(m.playerId, m.account === 'betting_bonus' ? 'betting' : 'casino', '');
      if (m.kind.startsWith('bonus.grant')) row.bonusGranted += m.amount;
      else if (m.kind.includes('conver')) row.bonusConverted -= m.amount;
    }
    addLine(m.playerId, m.kind, detail, m.account, m.amount, m.count);
  }

  // Sportsbook payouts that are no wins: refunds of void and cancelled bets; cash-outs are settlements. The
  // split moves money between lines of `main` (the bet keeps no account), their total stays the ledger's.
  for (const b of input.settledBets) {
    const row = sportsbookRow(b.playerId);
    const detail = b.status === 'cashed_out' ? 'cashout' : 'void';
    if (detail === 'void') {
      row.voidedStakes += b.stakes;
      row.stakes -= b.stakes;
      row.wins -= b.payouts;
    }
    addLine(b.playerId, 'game.win', 'betting', 'main', -b.payouts, -b.count);
    addLine(b.playerId, 'game.win', detail, 'main', b.payouts, b.count);
  }

  for (const r of input.roundsOpenAtEnd)
    if (productOfGame(r.game) === 'casino') {
      const row = rowOf(r.playerId, 'casino', r.game);
      row.openStakes += r.stakes;
      row.stakes -= r.stakes;
    }
  for (const r of input.roundsOpenAtStart)
    if (productOfGame(r.game) === 'casino') rowOf(r.playerId, 'casino', r.game).stakes += r.stakes;
  for (const [playerId, stakes] of input.betsOpenAtEnd) {
    const row = sportsbookRow(playerId);
    row.openStakes += stakes;
    row.stakes -= stakes;
  }
  for (const [playerId, stakes] of input.betsOpenAtStart) sportsbookRow(playerId).stakes += stakes;

  for (const h of input.house) {
    if (h.kind === 'withdrawal.approved' && h.playerId !== null) {
      rowOf(h.playerId, '', '').withdrawals += h.amount;
      addLine(h.playerId, h.kind, '', 'house', h.amount, h.count);
    } else
      addGroupLine(
        (h.pool ? input.poolCurrency.get(h.pool) : input.jackpotCurrency.get(h.jackpot)) ?? '',
        '',
        h.kind,
        '',
        'house',
        h.amount,
        h.count,
      );
  }

  for (const playerId of input.firstDeposits) rowOf(playerId, '', '').firstDeposits = 1;
  for (const r of input.rounds) {
    const row = rowOf(r.playerId, productOfGame(r.game), r.game, r.provider);
    row.rounds += r.rounds;
    row.returnSum += r.returnSum;
    row.returnSqSum += r.returnSqSum;
  }

  const players: TReportRow[] = [...rows.values()].map((row) => ({ ...row, day, ...dimsOf(row.playerId) }));
  const balances: TBalanceRow[] = input.balances
    .filter((b) => b.at.some((x) => x !== 0n))
    .map((b) => ({
      day,
      currency: b.currency,
      country: b.country,
      opening: b.at[0] ?? 0n,
      closing: b.at[1] ?? 0n,
    }));
  return {
    players,
    movements: [...lines.values()].filter((l) => l.amount !== 0n || l.count !== 0),
    balances,
    registrations: input.registrations.map((r) => ({ ...r, day })),
  };
};
