/**
 * The bonus engine's public functions: what other modules call to give a player a bonus (deposit offers, promo
 * codes, cashback, freespins, loyalty, tournaments, operators) and to end one (withdrawals, expiry, operators).
 * The money moves in the database functions of migrations/0510_bonuses.sql, under the player's lock, as ledger
 * movements: activation house:bonuses → bonus account, conversion bonus → main (capped, the excess to the house),
 * forfeit / expiry / cancellation bonus → house. Stakes, wins, wagering and conversion on completion happen in the
 * wallet's bet (migrations/0511). One bonus of a type is active; the others wait in a queue and the next starts
 * when the active one ends (migrations/1140, queue.ts). Each function takes the database or a transaction; given
 * the database it runs in a transaction of its own. Callers publish balances after commit (`publishBalances`).
 */
import type { Cents } from '@casino/contracts';
import type {
  TActiveBonusChoice,
  TBonusSource,
  TBonusStatus,
  TBonusType,
} from '@casino/contracts/calls/bonuses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { isTransaction, lockPlayerAccounts, pgFailure, queryRows, toBigInt } from '../ledger/index.ts';
import { audiencesOfPlayer } from '../players/index.ts';
import { bonusTemplates, playerBonuses, type TBonusTemplate, type TPlayerBonus } from './schema.ts';
import { wagerCapForPlayer } from './wager-caps.ts';

const DAY_MS = 86_400_000;

/** A refusal of the engine, mapped by the calls onto a field code (contracts BONUS_REFUSALS). */
export class BonusError extends Error {
  readonly code:
    | 'bonusNotAvailable'
    | 'bonusNotActive'
    | 'bonusExpired'
    | 'templateInactive'
    /** The template is targeted at a segment (ADR 068) the player is not in. */
    | 'templateNotForPlayer';
  constructor(code: BonusError['code'], message: string = code) {
    super(message);
    this.name = 'BonusError';
    this.code = code;
  }
}

const inTransaction = <T>(db: TExecutor, work: (tx: TExecutor) => Promise<T>): Promise<T> =>
  isTransaction(db) ? work(db) : db.transaction((tx) => work(tx));

/** The database functions' refusal (BN001: not available, or not active) as a BonusError. */
const bonusErrorOf = (error: unknown, refusal: BonusError['code']) => {
  const failure = pgFailure(error);
  if (failure?.code === 'BN001') return new BonusError(refusal, failure.message);
  return error;
};

const callBonusFunction = async (
  tx: TExecutor,
  query: ReturnType<typeof sql>,
  refusal: BonusError['code'],
) => {
  try {
    return await queryRows<Record<string, unknown>>(tx, query);
  } catch (error) {
    throw bonusErrorOf(error, refusal);
  }
};

/** Switched on, not retired, and inside its window (starts_at inclusive, ends_at exclusive). */
export const isGrantable = (template: TBonusTemplate, at: Date) =>
  template.isActive &&
  template.retiredAt === null &&
  (template.startsAt === null || template.startsAt.getTime() <= at.getTime()) &&
  (template.endsAt === null || at.getTime() < template.endsAt.getTime());

export const findTemplate = async (db: TExecutor, sysname: string): Promise<TBonusTemplate | undefined> =>
  (await db.select().from(bonusTemplates).where(eq(bonusTemplates.sysname, sysname)).limit(1))[0];

export const findBonus = async (db: TExecutor, id: number): Promise<TPlayerBonus | undefined> =>
  (await db.select().from(playerBonuses).where(eq(playerBonuses.id, id)).limit(1))[0];

export interface TGrantBonusInput {
  playerId: number;
  /** The template's sysname (content/bonuses/templates.json, editable in the back-office). */
  template: string;
  source: TBonusSource;
  /** What granted it: the deposit id, the promo code, the cashback id, the operator's reason. */
  sourceRef: string;
  /** One bonus per key however often the grant is retried, e.g. `deposit:<id>`, `promo:<code>:<player>`. */
  grantKey: string;
  /** The amount in cents; the template's amount when absent. */
  amount?: Cents;
  /** Times the amount to wager (at most the player's jurisdiction's cap); the template's when absent. */
  wagerMultiplier?: number;
  /** 'auto' (default): active at once unless the player has an active bonus of its type; 'available': waits. */
  activation?: 'auto' | 'available';
  offerId?: number;
  depositId?: string;
  now: Date;
}

export interface TGrantedBonus {
  bonusId: number;
  status: TBonusStatus;
  /** False when the key was granted before (nothing new). */
  created: boolean;
}

/**
 * Grants a bonus from a template: a new `available` bonus, activated at once (its money credited) when the player
 * has no active bonus of its type. Idempotent by `grantKey`. Throws BonusError('templateInactive') for a template
 * switched off, BonusError('templateNotForPlayer') for a player outside the template's segment (ADR 068), and an Error for an unknown template or no amount.
 */
export const grantBonus = (db: TExecutor, input: TGrantBonusInput): Promise<TGrantedBonus> =>
  inTransaction(db, async (tx) => {
    const template = await findTemplate(tx, input.template);
    if (!template) throw new Error(`unknown bonus template ${input.template}`);
    if (!isGrantable(template, input.now)) throw new BonusError('templateInactive');
    if (
      template.segmentId !== null &&
      !(await audiencesOfPlayer(tx, input.playerId, [template.segmentId], input.now)).has(template.segmentId)
    )
      throw new BonusError('templateNotForPlayer');
    const amount = input.amount ?? template.amount;
    if (amount === null || amount <= 0n) throw new Error(`bonus ${input.template} needs a positive amount`);
    // At most the cap of the player's jurisdiction (wager-caps.ts, ADR 066).
    const multiplier = Math.min(
      input.wagerMultiplier ?? template.wagerMultiplier,
      await wagerCapForPlayer(tx, input.playerId),
    );
    await lockPlayerAccounts(tx, [input.playerId]);
    const [inserted] = await tx
      .insert(playerBonuses)
      .values({
        playerId: input.playerId,
        type: template.type,
        templateId: template.id,
        offerId: input.offerId ?? null,
        depositId: input.depositId ?? null,
        source: input.source,
        sourceRef: input.sourceRef,
        grantKey: input.grantKey,
        amount,
        wagerMultiplier: multiplier,
        wagerRequirement: amount * BigInt(multiplier),
        maxBet: template.maxBet,
        maxConversion: template.maxConversion,
        contributions: template.contributions,
        minOdds: template.minOdds,
        isFreeBet: template.isFreeBet,
        status: 'available',
        stash: amount,
        grantedAt: input.now,
        expiresAt: new Date(input.now.getTime() + template.validDays * DAY_MS),
        updatedAt: input.now,
      })
      .onConflictDoNothing({ target: playerBonuses.grantKey })
      .returning({ id: playerBonuses.id });
    if (!inserted) {
      const [existing] = await tx
        .select({ id: playerBonuses.id, status: playerBonuses.status })
        .from(playerBonuses)
        .where(eq(playerBonuses.grantKey, input.grantKey));
      if (!existing) throw new Error(`bonus grant ${input.grantKey} vanished`);
      return { bonusId: existing.id, status: existing.status, created: false };
    }
    const hasActive = await activeBonus(tx, input.playerId, template.type);
    if ((input.activation ?? 'auto') === 'auto' && !hasActive) {
      await callBonusFunction(
        tx,
        sql`select bonus_activate(${inserted.id}, ${input.now}) as outcome`,
        'bonusNotAvailable',
      );
    }
    const [after] = await tx
      .select({ status: playerBonuses.status })
      .from(playerBonuses)
      .where(eq(playerBonuses.id, inserted.id));
    return { bonusId: inserted.id, status: after?.status ?? 'available', created: true };
  });

/** The player's active bonus of a type, if any. */
export const activeBonus = async (db: TExecutor, playerId: number, type: TBonusType) =>
  (
    await db
      .select()
      .from(playerBonuses)
      .where(
        and(
          eq(playerBonuses.playerId, playerId),
          eq(playerBonuses.type, type),
          eq(playerBonuses.status, 'active'),
        ),
      )
  )[0];

/** A player's own bonus of the type, or BonusError when it is not theirs (answered as not available). */
const ownBonus = async (db: TExecutor, playerId: number, bonusId: number, type: TBonusType) => {
  const bonus = await findBonus(db, bonusId);
  if (bonus?.playerId !== playerId || bonus.type !== type) throw new BonusError('bonusNotAvailable');
  return bonus;
};

/**
 * Makes an available bonus the active one of its type now, ahead of the queue. The one active before is paused to
 * the front of the queue, or with `active: 'remove'` forfeited (and the queue does not move on for it). Answers
 * 'expired' when its time had run out: it is expired now (committed with the caller's transaction), nothing else
 * changed — the active bonus is left as it was.
 */
export const activateBonus = (
  db: TExecutor,
  input: { playerId: number; bonusId: number; type: TBonusType; now: Date; active?: TActiveBonusChoice },
): Promise<'activated' | 'expired'> =>
  inTransaction(db, async (tx) => {
    await lockPlayerAccounts(tx, [input.playerId]);
    const bonus = await ownBonus(tx, input.playerId, input.bonusId, input.type);
    const startable =
      bonus.status === 'available' && (bonus.expiresAt === null || bonus.expiresAt > input.now);
    if (input.active === 'remove' && startable) {
      const current = await activeBonus(tx, input.playerId, input.type);
      if (current)
        await endBonus(tx, {
          bonusId: current.id,
          reason: 'replaced',
          now: input.now,
          status: 'forfeited',
          advance: false,
        });
    }
    const [row] = await callBonusFunction(
      tx,
      sql`select bonus_activate(${input.bonusId}, ${input.now}) as outcome`,
      'bonusNotAvailable',
    );
    return row?.outcome === 'expired' ? 'expired' : 'activated';
  });

/** Pauses the active bonus: its money waits with it, its progress stays. */
export const deactivateBonus = (
  db: TExecutor,
  input: { playerId: number; bonusId: number; type: TBonusType; now: Date },
) =>
  inTransaction(db, async (tx) => {
    await ownBonus(tx, input.playerId, input.bonusId, input.type);
    await callBonusFunction(
      tx,
      sql`select bonus_pause(${input.bonusId}, ${input.now}) as done`,
      'bonusNotActive',
    );
  });

/**
 * Ends a bonus without converting it: forfeited when it was active (its money back to the house), cancelled when
 * it was waiting. The end of the active bonus, or of one a pending withdrawal holds in its place (migrations/1170),
 * starts the next in the queue unless `advance` is false. Answers what the player lost, in cents.
 */
export const endBonus = (
  db: TExecutor,
  input: {
    bonusId: number;
    reason: string;
    now: Date;
    status?: 'forfeited' | 'cancelled' | 'expired';
    advance?: boolean;
  },
) =>
  inTransaction(db, async (tx) => {
    const before = await findBonus(tx, input.bonusId);
    if (!before || (before.status !== 'active' && before.status !== 'available'))
      throw new BonusError('bonusNotAvailable');
    const status = input.status ?? (before.status === 'active' ? 'forfeited' : 'cancelled');
    await callBonusFunction(
      tx,
      sql`select bonus_end(${input.bonusId}, ${status}, ${input.reason}, ${input.now}, ${input.advance ?? true}) as converted`,
      'bonusNotAvailable',
    );
    const after = await findBonus(tx, input.bonusId);
    return (after?.lost ?? 0n) - before.lost;
  });

/** The player gives a bonus up (bonuses.remove, BettingBonuses.remove); an active one's end starts the next. */
export const removeBonus = (
  db: TExecutor,
  input: { playerId: number; bonusId: number; type: TBonusType; now: Date },
) =>
  inTransaction(db, async (tx) => {
    await ownBonus(tx, input.playerId, input.bonusId, input.type);
    await endBonus(tx, { bonusId: input.bonusId, reason: 'removed', now: input.now });
  });

/** The money of the player's active bonuses (what a withdrawal would forfeit), per bonus. */
export const activeBonusMoney = async (db: TExecutor, playerId: number) => {
  const rows = await queryRows<{ id: unknown; type: TBonusType; balance: unknown }>(
    db,
    sql`select b.id, b.type, coalesce(a.balance, 0) as balance from player_bonuses b
        left join ledger_player_balances_v a on a.player_id = b.player_id
         and a.kind = case when b.type = 'betting' then 'betting_bonus' else 'bonus' end
        where b.player_id = ${playerId} and b.status = 'active' order by b.id`,
  );
  return rows.map((r) => ({ bonusId: Number(r.id), type: r.type, balance: toBigInt(r.balance) }));
};

/** Forfeits every active bonus of the player (a withdrawal the player agreed to); answers the cents lost. */
export const forfeitActiveBonuses = async (tx: TExecutor, playerId: number, reason: string, now: Date) => {
  let lost = 0n;
  for (const bonus of await activeBonusMoney(tx, playerId))
    lost += await endBonus(tx, { bonusId: bonus.bonusId, reason, now, status: 'forfeited' });
  return lost;
};

/** Expires the bonuses whose time ran out (the jobs queue runs it); answers the players touched. */
export const expireDueBonuses = async (db: TExecutor, now: Date, limit = 200): Promise<number[]> => {
  const due = await db
    .select({ id: playerBonuses.id, playerId: playerBonuses.playerId })
    .from(playerBonuses)
    .where(
      and(inArray(playerBonuses.status, ['available', 'active']), sql`${playerBonuses.expiresAt} <= ${now}`),
    )
    .orderBy(playerBonuses.expiresAt)
    .limit(limit);
  for (const bonus of due)
    await inTransaction(db, (tx) =>
      queryRows(tx, sql`select bonus_finish(${bonus.id}, 'expired', 'expired', ${now}) as converted`),
    );
  return [...new Set(due.map((b) => b.playerId))];
};
