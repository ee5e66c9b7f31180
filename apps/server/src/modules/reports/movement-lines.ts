/**
 * Every kind of ledger movement and the line it has in the players' balances reconciliation. A kind missing here
 * still has its line, "Other: <kind>", so no money vanishes from the report; reports.kinds.test.ts lists the kinds
 * the code base posts and fails on one missing here.
 */

export const LINE_GROUPS = [
  'cashier',
  'play',
  'sportsbook',
  'bonus',
  'promotions',
  'competitions',
  'adjustments',
  'other',
] as const;
export type TLineGroup = (typeof LINE_GROUPS)[number];

export const GROUP_LABELS: Record<TLineGroup, string> = {
  cashier: 'Cashier',
  play: 'Play',
  sportsbook: 'Sportsbook',
  bonus: 'Bonus money',
  promotions: 'Rewards and cashback',
  competitions: 'Tournaments and jackpots',
  adjustments: 'Manual adjustments',
  other: 'Other (not classified)',
};

interface TKindDef {
  group: TLineGroup;
  label: string;
  /** Labels per detail (a stake's or win's product, a loyalty reward's source, a sportsbook payout's kind). */
  details?: Record<string, string>;
  /**
   * Moves no player money: house only (shown beside the players' lines, never in their balances) or demo money
   * (never reported).
   */
  notPlayerMoney?: 'house' | 'demo';
}

export const MOVEMENT_KINDS: Record<string, TKindDef> = {
  deposit: { group: 'cashier', label: 'Deposits' },
  'withdrawal.hold': { group: 'cashier', label: 'Withdrawals requested (held)' },
  'withdrawal.declined': { group: 'cashier', label: 'Withdrawals declined (returned)' },
  'withdrawal.cancelled': { group: 'cashier', label: 'Withdrawals cancelled (returned)' },
  'withdrawal.approved': {
    group: 'cashier',
    label: 'Withdrawals paid (out of the held money)',
    notPlayerMoney: 'house',
  },
  'game.bet': {
    group: 'play',
    label: 'Stakes',
    details: { casino: 'Casino stakes', betting: 'Sportsbook stakes placed' },
  },
  'game.win': {
    group: 'play',
    label: 'Wins',
    details: {
      casino: 'Casino wins',
      betting: 'Sportsbook settlement payouts',
      void: 'Sportsbook void and cancelled bets refunded',
      cashout: 'Sportsbook cash-outs',
    },
  },
  'game.rollback': {
    group: 'play',
    label: 'Stakes rolled back',
    details: { casino: 'Casino stakes rolled back', betting: 'Sportsbook stakes rolled back' },
  },
  'sportsbook.unsettle': {
    group: 'sportsbook',
    label: 'Sportsbook payouts taken back (settlement rolled back)',
  },
  'sportsbook.debt_repayment': { group: 'sportsbook', label: 'Sportsbook debts repaid' },
  'bonus.grant': { group: 'bonus', label: 'Bonus granted' },
  'bonus.convert': { group: 'bonus', label: 'Bonus converted to real money' },
  'bonus.forfeit': { group: 'bonus', label: 'Bonus forfeited' },
  'bonus.expire': { group: 'bonus', label: 'Bonus expired' },
  'bonus.cancel': { group: 'bonus', label: 'Bonus cancelled' },
  'bonus.pause': { group: 'bonus', label: 'Bonus paused (kept by the house until resumed)' },
  'bonus.hold': { group: 'bonus', label: 'Bonus held for a withdrawal' },
  'bonus.release': { group: 'bonus', label: 'Bonus released (withdrawal cancelled or declined)' },
  'bonus.free_bet_stake': { group: 'bonus', label: 'Free bet stakes kept by the house' },
  'loyalty.reward': {
    group: 'promotions',
    label: 'Loyalty cash rewards',
    details: { level: 'Loyalty level rewards', quest: 'Quest rewards', order: 'Shop rewards' },
  },
  'cashback.payout': { group: 'promotions', label: 'Cashback paid' },
  'tournament.entry': { group: 'competitions', label: 'Tournament entry fees' },
  'tournament.refund': { group: 'competitions', label: 'Tournament entry fees refunded' },
  'tournament.prize': { group: 'competitions', label: 'Tournament prizes' },
  'jackpot.payout': { group: 'competitions', label: 'Jackpot payouts' },
  'jackpot.contribution': {
    group: 'competitions',
    label: 'Jackpot contributions (house games money to the pools)',
    notPlayerMoney: 'house',
  },
  'jackpot.seed': { group: 'competitions', label: 'Jackpot seeds (house money)', notPlayerMoney: 'house' },
  'adjustment.credit': { group: 'adjustments', label: 'Manual credits' },
  'adjustment.debit': { group: 'adjustments', label: 'Manual debits' },
  'demo.grant': { group: 'other', label: 'Demo money granted', notPlayerMoney: 'demo' },
};

export const isClassified = (kind: string) => Object.hasOwn(MOVEMENT_KINDS, kind);

export interface TLineOf {
  key: string;
  group: TLineGroup;
  label: string;
}

/** The line of a kind and detail; an unknown kind or detail gets a line naming it. */
export const lineOf = (kind: string, detail: string): TLineOf => {
  const def = isClassified(kind) ? MOVEMENT_KINDS[kind] : undefined;
  const key = detail ? `${kind}:${detail}` : kind;
  if (!def) return { key, group: 'other', label: `Other: ${key}` };
  const label = detail ? (def.details?.[detail] ?? `${def.label} (${detail})`) : def.label;
  return { key, group: def.group, label };
};

/** The order lines are shown in: by group, then as listed above, details as listed (unknown kinds last, by name). */
export const lineOrder = (a: { kind: string; group: TLineGroup; key: string }, b: typeof a) => {
  const kinds = Object.keys(MOVEMENT_KINDS);
  const rank = (x: typeof a) => {
    const detail = x.key.slice(x.kind.length + 1);
    const details = Object.keys(MOVEMENT_KINDS[x.kind]?.details ?? {});
    return [
      LINE_GROUPS.indexOf(x.group),
      isClassified(x.kind) ? kinds.indexOf(x.kind) : kinds.length,
      details.includes(detail) ? details.indexOf(detail) : details.length,
    ];
  };
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < ra.length; i += 1) if (ra[i] !== rb[i]) return (ra[i] ?? 0) - (rb[i] ?? 0);
  return a.key.localeCompare(b.key);
};
