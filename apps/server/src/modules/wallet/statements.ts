/**
 * The SQL a bet sends, as text: the wallet's functions (wallet_open, wallet_apply, wallet_round, wallet_call and
 * their `_many` forms for a batch) with their values inlined (platform/db/sql-literal.ts), and the statements a
 * batch's bets share. A shared statement is the same kind of insert or update for each bet's own row (a round's
 * record, a player's seed pair, a round's money): sent singly it is one bet's statement; in a batch the parts of one
 * kind go as one statement, and each bet gets back its own rows, as if it had sent them singly.
 */
import { sqlArray, sqlInteger, sqlText, sqlTime } from '../../platform/db/sql-literal.ts';
import { SESSION_TTL_MS } from './sessions.ts';
import { WalletError } from './wallet-error.ts';
import type { TCallInput, TKind } from './wallet-types.ts';

export type TRows = Record<string, unknown>[];

/** One bet's part of a statement that a batch's bets share. */
export interface TSharedStatement<P = string> {
  /** Parts of the same kind in a batch go as one statement. */
  kind: string;
  /** This bet's part (a row's values, a player's id, a round's money). */
  part: P;
  /** The one statement for the parts of this kind, in the bets' order. */
  merge(parts: P[]): string;
  /** This bet's rows out of the merged statement's rows; `index`: its part's place among the parts. */
  rowsOf(rows: TRows, part: P, index: number): TRows;
  /**
   * The statement when the bet goes on its own, when that is not the merge of its one part; its rows are then the
   * bet's as they come (`rowsOf` reads only the merged statement's).
   */
  single?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a batch holds shared statements of every kind of part
export type TStatement = string | TSharedStatement<any>;

type TSlot = { text: number } | { kind: number; index: number; statement: TSharedStatement<unknown> };

/**
 * The texts to send for every bet's statements (each bet's plain ones in order, then one statement per kind of
 * part), and `rowsOf`: each bet's rows, statement by statement, out of the results of those texts.
 */
export const mergeStatements = (bets: TStatement[][]) => {
  const texts: string[] = [];
  const kinds = new Map<string, { index: number; first: TSharedStatement<unknown>; parts: unknown[] }>();
  const slots: TSlot[][] = bets.map((statements) =>
    statements.map((statement): TSlot => {
      if (typeof statement === 'string') return { text: texts.push(statement) - 1 };
      let kind = kinds.get(statement.kind);
      if (!kind) {
        kind = { index: kinds.size, first: statement, parts: [] };
        kinds.set(statement.kind, kind);
      }
      return { kind: kind.index, index: kind.parts.push(statement.part) - 1, statement };
    }),
  );
  const plain = texts.length;
  for (const kind of kinds.values()) texts.push(kind.first.merge(kind.parts));
  return {
    texts,
    /** `results`: the rows of `texts`, in order. */
    rowsOf: (results: TRows[]): TRows[][] =>
      slots.map((bet) =>
        bet.map((slot) =>
          'text' in slot
            ? (results[slot.text] ?? [])
            : slot.statement.rowsOf(results[plain + slot.kind] ?? [], slot.statement.part, slot.index),
        ),
      ),
  };
};

/** A statement sent on its own (one bet): its text. */
export const singleText = (statement: TStatement) =>
  typeof statement === 'string' ? statement : (statement.single ?? statement.merge([statement.part]));

/** The rows of a statement sent on its own, as its bet reads them. */
export const singleRows = (statement: TStatement, rows: TRows) =>
  typeof statement === 'string' || statement.single !== undefined
    ? rows
    : statement.rowsOf(rows, statement.part, 0);

/** An amount as its digits; a negative one is the wallet's BAD_REQUEST. */
export const amountText = (amount: bigint) => {
  if (amount < 0n) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
  return sqlInteger(amount);
};

/** The session's new expiry after a call at `now`. */
const expiryOf = (now: Date) => new Date(now.getTime() + SESSION_TTL_MS);

/** wallet_call's and wallet_apply's arguments, inlined. */
export const callLiterals = (kind: TKind, input: TCallInput, now: Date) =>
  `${sqlText(kind)}, ${sqlText(input.session)}, ${sqlText(input.transactionId)}, ${sqlText(input.roundId)},
    ${amountText(input.amount)}::bigint, ${sqlText(input.reference)}, ${sqlTime(now)}, ${sqlTime(expiryOf(now))},
    ${input.roundClosed}`;

/** wallet_call: a win or rollback in one statement (it locks the player, answers a repeat, moves the money). */
export const callText = (kind: 'win' | 'rollback', input: TCallInput, now: Date) =>
  `select wallet_call(${callLiterals(kind, input, now)}) as result`;

/** wallet_apply's call for a stake that leaves its round open. */
export const stakeText = (call: TCallInput, now: Date) =>
  `select wallet_apply(${callLiterals('bet', call, now)}) as result`;

/** A round of one of our games: its stake, and its win when it ended at once; a round without its win stays open. */
export interface TRoundCall {
  session: string;
  roundId: string;
  transactionId: string;
  amount: bigint;
  win: { transactionId: string; amount: bigint } | null;
  now: Date;
}

/** A round's money as one statement: wallet_round when it ended, else its stake's wallet_apply. */
export const roundText = ({ win, ...round }: TRoundCall) =>
  win
    ? `select wallet_round(${sqlText(round.session)}, ${sqlText(round.roundId)}, ${sqlText(round.transactionId)},
    ${amountText(round.amount)}::bigint, ${sqlText(win.transactionId)}, ${amountText(win.amount)}::bigint,
    ${sqlTime(round.now)}, ${sqlTime(expiryOf(round.now))}) as result`
    : stakeText({ ...round, reference: null, roundClosed: false }, round.now);

/**
 * wallet_round_many's call for a batch's rounds: its answer holds, in the rounds' order, what wallet_round answers
 * for each that ended, and an array of wallet_apply's answer for the stake of each that stays open.
 */
export const roundManyText = (rounds: TRoundCall[]) => {
  const column = (type: string, value: (round: TRoundCall) => string) => sqlArray(rounds.map(value), type);
  return `select wallet_round_many(${[
    column('text', (r) => sqlText(r.session)),
    column('text', (r) => sqlText(r.roundId)),
    column('text', (r) => sqlText(r.transactionId)),
    column('bigint', (r) => amountText(r.amount)),
    column('text', (r) => sqlText(r.win?.transactionId ?? null)),
    column('bigint', (r) => amountText(r.win?.amount ?? 0n)),
    column('timestamptz', (r) => sqlText(r.now.toISOString())),
    column('timestamptz', (r) => sqlText(expiryOf(r.now).toISOString())),
  ].join(', ')}) as result`;
};

/** A round's money as a shared statement: wallet_round for one, wallet_round_many for a batch's rounds. */
export const roundMoney = (round: TRoundCall): TSharedStatement<TRoundCall> => ({
  kind: 'wallet_round',
  part: round,
  single: roundText(round),
  merge: roundManyText,
  rowsOf: (rows, _round, index) => {
    const answers = rows[0]?.result;
    const all = (typeof answers === 'string' ? JSON.parse(answers) : answers) as unknown[] | undefined;
    return [{ result: all?.[index] }];
  },
});

/** wallet_open's arguments: a bet's opening (the session, the player's lock, a repeat's answer). */
export interface TOpenCall {
  session: string;
  transactionId: string;
  roundId: string;
  amount: bigint;
}

/** wallet_open's call for one bet. */
export const openText = (call: TOpenCall) =>
  `select wallet_open('bet', ${sqlText(call.session)}, ${sqlText(call.transactionId)}, ${sqlText(call.roundId)},
     ${amountText(call.amount)}::bigint, null) as result`;

/** wallet_open_many's call for a batch's bets: each one's answer as wallet_open's, in order. */
export const openManyText = (calls: TOpenCall[]) => {
  const column = (type: string, value: (call: TOpenCall) => string) => sqlArray(calls.map(value), type);
  return `select wallet_open_many(${[
    column('text', () => sqlText('bet')),
    column('text', (c) => sqlText(c.session)),
    column('text', (c) => sqlText(c.transactionId)),
    column('text', (c) => sqlText(c.roundId)),
    column('bigint', (c) => amountText(c.amount)),
    column('text', () => 'null'),
  ].join(', ')}) as result`;
};
