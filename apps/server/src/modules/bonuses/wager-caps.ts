/**
 * The wagering cap per jurisdiction (issue 40, ADR 066; migrations/1520). A bonus is granted with the template's (or
 * the offer's) multiplier, at most the cap of the player's jurisdiction: the jurisdiction that lists the player's
 * country (the lowest cap if several do), else the operator's licence (`licence`, seeded with today's 10x, the UK
 * rule from January 2026). A template may not ask for more than the highest cap any jurisdiction allows.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import { bonusWagerCaps, type TBonusWagerCap } from './schema.ts';

export const LICENCE_JURISDICTION = 'licence';
/** The licence's cap when its row is missing (never after migrations/1520): today's behaviour. */
const FALLBACK_CAP = 10;
export const HIGHEST_CAP = 200;

export const listWagerCaps = (db: TExecutor) =>
  db
    .select()
    .from(bonusWagerCaps)
    .orderBy(sql`${bonusWagerCaps.jurisdiction} <> 'licence'`, asc(bonusWagerCaps.jurisdiction));

/** The cap for a player of `country` (null: the licence's). */
export const wagerCapForCountry = async (db: TExecutor, country: string | null): Promise<number> => {
  const rows = await queryRows<{ cap: number | null }>(
    db,
    sql`select coalesce(
          (select min(max_multiplier) from bonus_wager_caps
            where ${country ?? ''} <> '' and countries ? upper(${country ?? ''})),
          (select max_multiplier from bonus_wager_caps where jurisdiction = ${LICENCE_JURISDICTION})) as cap`,
  );
  return Number(rows[0]?.cap ?? FALLBACK_CAP);
};

/** The cap for this player (their country from the players' summary view). */
export const wagerCapForPlayer = async (db: TExecutor, playerId: number): Promise<number> => {
  const [row] = await queryRows<{ country: string | null }>(
    db,
    sql`select country_code as country from players_summary_v where id = ${playerId}`,
  );
  return wagerCapForCountry(db, row?.country ?? null);
};

/** The most any template may ask for: the highest cap of any jurisdiction. */
export const highestWagerCap = async (db: TExecutor): Promise<number> => {
  const [row] = await queryRows<{ cap: number | null }>(
    db,
    sql`select max(max_multiplier) as cap from bonus_wager_caps`,
  );
  return Number(row?.cap ?? FALLBACK_CAP);
};

export interface TWagerCapInput {
  jurisdiction: string;
  name: string;
  countries: string[];
  maxMultiplier: number;
}

const capTerms = (c: Pick<TBonusWagerCap, 'name' | 'countries' | 'maxMultiplier'>) => ({
  name: c.name,
  countries: c.countries,
  max_multiplier: c.maxMultiplier,
});

const checkCap = (input: TWagerCapInput) => {
  if (!/^[a-z0-9_]{2,40}$/.test(input.jurisdiction)) throw invalidParameters({ jurisdiction: 'wrongField' });
  if (!input.name.trim() || input.name.length > 120)
    throw invalidParameters({ name: input.name.trim() ? 'maxLength' : 'requiredField' });
  if (!Number.isInteger(input.maxMultiplier) || input.maxMultiplier < 0 || input.maxMultiplier > HIGHEST_CAP)
    throw invalidParameters({ max_multiplier: 'wrongField' });
  if (input.countries.length > 250 || input.countries.some((c) => !/^[A-Z]{2}$/.test(c)))
    throw invalidParameters({ countries: 'wrongField' });
  // The licence covers every country no other jurisdiction lists: it names none itself.
  if (input.jurisdiction === LICENCE_JURISDICTION && input.countries.length > 0)
    throw invalidParameters({ countries: 'wrongField' });
  if (input.jurisdiction !== LICENCE_JURISDICTION && input.countries.length === 0)
    throw invalidParameters({ countries: 'requiredField' });
};

/** Sets (or adds) a jurisdiction's cap; answers the terms before (null: new) and after (null: nothing changed). */
export const saveWagerCap = async (db: TExecutor, input: TWagerCapInput, now: Date) => {
  checkCap(input);
  const [locked] = await db
    .select()
    .from(bonusWagerCaps)
    .where(eq(bonusWagerCaps.jurisdiction, input.jurisdiction))
    .for('update');
  const values = { name: input.name.trim(), countries: input.countries, maxMultiplier: input.maxMultiplier };
  const before = locked ? capTerms(locked) : null;
  const after = capTerms(values);
  if (before && JSON.stringify(before) === JSON.stringify(after)) return { before, after: null };
  await db
    .insert(bonusWagerCaps)
    .values({ jurisdiction: input.jurisdiction, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: bonusWagerCaps.jurisdiction, set: { ...values, updatedAt: now } });
  return { before, after };
};

/** Removes a jurisdiction (its players fall back to the licence's cap); the licence itself stays. */
export const removeWagerCap = async (db: TExecutor, jurisdiction: string) => {
  if (jurisdiction === LICENCE_JURISDICTION) throw invalidParameters({ jurisdiction: 'wrongField' });
  const [gone] = await db
    .delete(bonusWagerCaps)
    .where(eq(bonusWagerCaps.jurisdiction, jurisdiction))
    .returning();
  if (!gone) throw invalidParameters({ jurisdiction: 'notFound' });
  return { before: capTerms(gone), after: null };
};
