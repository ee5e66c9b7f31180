/** The player record: other modules read and change players through these functions, never the table. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../platform/db/database.ts';
import { resealColumn } from '../../platform/db/reseal-column.ts';
import type { TSecretBox } from '../../platform/secret-box.ts';
import { forgetPlayerSessions } from '../../platform/session-cache.ts';
import { playerContacts, players, type TPlayer, type TPlayerContact, type TProfileData } from './schema.ts';

/** The unique key of a login: case-insensitive, leading `+` removed. */
export const loginKey = (login: string) => login.trim().replace(/^\+/, '').toLowerCase();

export interface TNewPlayer {
  login: string;
  email?: string | null;
  phone?: string | null;
  phoneCountryCode?: string | null;
  passwordHash?: string | null;
  locale?: string;
  currency?: string;
  countryCode?: string | null;
  isSubscribed?: boolean;
  isBetting?: boolean;
  characterId?: string | null;
  promoCode?: string | null;
  telegramId?: string | null;
  /** The e-mail was proven by someone we trust (a provider's verified e-mail). */
  emailConfirmed?: boolean;
  isRegistrationCompleted?: boolean;
  profile?: TProfileData;
  createdAt?: Date;
}

export const createPlayer = async (db: TExecutor, input: TNewPlayer): Promise<TPlayer> => {
  const [player] = await db
    .insert(players)
    .values({
      login: input.login.trim().replace(/^\+/, ''),
      loginKey: loginKey(input.login),
      email: input.email ?? null,
      phone: input.phone ?? null,
      phoneCountryCode: input.phoneCountryCode ?? null,
      passwordHash: input.passwordHash ?? null,
      locale: input.locale ?? 'en',
      currency: input.currency ?? 'USD',
      countryCode: input.countryCode ?? null,
      isSubscribed: input.isSubscribed ?? true,
      isBetting: input.isBetting ?? false,
      characterId: input.characterId ?? null,
      promoCode: input.promoCode ?? null,
      telegramId: input.telegramId ?? null,
      isRegistrationCompleted: input.isRegistrationCompleted ?? true,
      profile: input.profile ?? {},
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  if (!player) throw new Error('player insert returned nothing');
  const contacts: (typeof playerContacts.$inferInsert)[] = [];
  if (input.email)
    contacts.push({
      playerId: player.id,
      type: 'email',
      value: input.email,
      isConfirmed: input.emailConfirmed ?? false,
      isSubscribed: input.isSubscribed ?? true,
    });
  if (input.phone)
    contacts.push({
      playerId: player.id,
      type: 'phone',
      value: input.phone,
      phoneCountryCode: input.phoneCountryCode ?? null,
      isSubscribed: input.isSubscribed ?? true,
    });
  if (contacts.length > 0) await db.insert(playerContacts).values(contacts);
  return player;
};

export const findPlayerById = async (db: TExecutor, id: number): Promise<TPlayer | undefined> =>
  (await db.select().from(players).where(eq(players.id, id)).limit(1))[0];

/** The logins of these players, by id (lists that name players, e.g. a promo code's uses). */
export const loginsByIds = async (db: TExecutor, ids: readonly number[]): Promise<Map<number, string>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, login: players.login })
    .from(players)
    .where(inArray(players.id, unique));
  return new Map(rows.map((r) => [r.id, r.login]));
};

export const findPlayerByLogin = async (db: TExecutor, login: string): Promise<TPlayer | undefined> =>
  (
    await db
      .select()
      .from(players)
      .where(eq(players.loginKey, loginKey(login)))
      .limit(1)
  )[0];

/** Finds by login, then by e-mail, then by phone (sign-in accepts any of them). */
export const findPlayerForSignIn = async (db: TExecutor, login: string): Promise<TPlayer | undefined> => {
  const byLogin = await findPlayerByLogin(db, login);
  if (byLogin) return byLogin;
  const value = login.trim().replace(/^\+/, '');
  const rows = await db
    .select({ player: players })
    .from(playerContacts)
    .innerJoin(players, eq(players.id, playerContacts.playerId))
    .where(sql`lower(${playerContacts.value}) = lower(${value})`)
    .limit(1);
  return rows[0]?.player;
};

export const updatePlayer = async (
  db: TExecutor,
  id: number,
  changes: Partial<typeof players.$inferInsert>,
) => {
  const [player] = await db
    .update(players)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(players.id, id))
    .returning();
  forgetPlayerSessions(id);
  return player;
};

export const listContacts = (db: TExecutor, playerId: number): Promise<TPlayerContact[]> =>
  db.select().from(playerContacts).where(eq(playerContacts.playerId, playerId)).orderBy(playerContacts.id);

/** Takes the player off every mailing: each contact and the player's own flag unsubscribed. */
export const unsubscribeAllContacts = async (db: TExecutor, playerId: number) => {
  await db.update(playerContacts).set({ isSubscribed: false }).where(eq(playerContacts.playerId, playerId));
  await updatePlayer(db, playerId, { isSubscribed: false });
};

export const findContact = async (db: TExecutor, playerId: number, type: 'email' | 'phone') =>
  (
    await db
      .select()
      .from(playerContacts)
      .where(and(eq(playerContacts.playerId, playerId), eq(playerContacts.type, type)))
      .limit(1)
  )[0];

/** Is this contact value (e-mail or phone) already someone else's? */
export const isContactTaken = async (
  db: TExecutor,
  type: 'email' | 'phone',
  value: string,
  exceptPlayerId?: number,
) => {
  const rows = await db
    .select({ playerId: playerContacts.playerId })
    .from(playerContacts)
    .where(and(eq(playerContacts.type, type), sql`lower(${playerContacts.value}) = lower(${value})`))
    .limit(2);
  return rows.some((r) => r.playerId !== exceptPlayerId);
};

/** The player whose e-mail contact this is (case-insensitive), with whether the player confirmed it. */
export const findPlayerByEmailContact = async (
  db: TExecutor,
  email: string,
): Promise<{ player: TPlayer; isConfirmed: boolean } | undefined> => {
  const rows = await db
    .select({ player: players, isConfirmed: playerContacts.isConfirmed })
    .from(playerContacts)
    .innerJoin(players, eq(players.id, playerContacts.playerId))
    .where(
      and(eq(playerContacts.type, 'email'), sql`lower(${playerContacts.value}) = lower(${email.trim()})`),
    )
    .limit(1);
  return rows[0];
};

export const findPlayerByTelegramId = async (
  db: TExecutor,
  telegramId: string,
): Promise<TPlayer | undefined> =>
  (await db.select().from(players).where(eq(players.telegramId, telegramId)).limit(1))[0];

/** Seals again the players' TOTP secrets stored in clear or under an old key (at boot). */
export const resealTwoFactorSecrets = async (db: TDb, box: TSecretBox) => {
  for (const column of [players.twoFactorSecret, players.twoFactorPendingSecret])
    await resealColumn(db, box, { table: players, id: players.id, column });
};
