/** Changes to a player's contacts (the account's e-mail and phone): the account module asks here. */
import { and, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { playerContacts } from './schema.ts';

/** Adds a contact, or gives the existing one a new (unconfirmed) value; the unique index refuses a taken value. */
export const saveContact = async (
  db: TExecutor,
  input: {
    playerId: number;
    existingId: number | null;
    type: 'email' | 'phone';
    value: string;
    phoneCountryCode: string | null;
  },
) => {
  const { value, phoneCountryCode } = input;
  if (input.existingId !== null)
    await db
      .update(playerContacts)
      .set({ value, phoneCountryCode, isConfirmed: false })
      .where(eq(playerContacts.id, input.existingId));
  else
    await db
      .insert(playerContacts)
      .values({ playerId: input.playerId, type: input.type, value, phoneCountryCode });
};

export const setContactSubscribed = (
  db: TExecutor,
  playerId: number,
  contactId: number,
  isSubscribed: boolean,
) =>
  db
    .update(playerContacts)
    .set({ isSubscribed })
    .where(and(eq(playerContacts.id, contactId), eq(playerContacts.playerId, playerId)));

/** Marks the contact confirmed if it still has the value the code was sent to. */
export const markContactConfirmed = (db: TExecutor, contactId: number, value: string) =>
  db
    .update(playerContacts)
    .set({ isConfirmed: true })
    .where(and(eq(playerContacts.id, contactId), eq(playerContacts.value, value)));
