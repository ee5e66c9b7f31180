/** Ledger account references: a player's wallet (`main`, `bonus`, `betting_bonus`, `fun`) or a house account. */
export const PLAYER_ACCOUNT_KINDS = ['main', 'bonus', 'betting_bonus', 'fun'] as const;
export type TPlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];

export type THouseAccount = `house:${string}`;
export type TAccountRef = { playerId: number; kind: TPlayerAccountKind } | THouseAccount;

/** The house accounts in use; any `house:*` name is accepted, these are the ones the money code moves. */
export const HOUSE = {
  /** Money that came in from or went out to the payment providers. */
  payments: 'house:payments',
  /** Stakes and wins of real-money games. */
  games: 'house:games',
  /** Play money of demo games. */
  fun: 'house:fun',
  /** Withdrawals held until an operator approves them. */
  withdrawalsPending: 'house:withdrawals_pending',
  /** Operator corrections with an audit trail. */
  adjustments: 'house:adjustments',
  /** Bonus money granted and forfeited. */
  bonuses: 'house:bonuses',
  /** Cashback paid as real money. */
  cashback: 'house:cashback',
} as const satisfies Record<string, THouseAccount>;

export const playerAccount = (playerId: number, kind: TPlayerAccountKind): TAccountRef => ({
  playerId,
  kind,
});

export const accountCode = (ref: TAccountRef): string =>
  typeof ref === 'string' ? ref : `player:${ref.playerId}:${ref.kind}`;

export const isHouseCode = (code: string) => code.startsWith('house:');
