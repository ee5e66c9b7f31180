/** The two hints of spec §4/§9: registration (2 hours, no deposit yet) and confirmation (5 days). */
import type { TContact } from '@casino/contracts/calls/account';

export const REGISTRATION_HINT_SECONDS = 2 * 60 * 60;
export const CONFIRMATION_HINT_SECONDS = 5 * 24 * 60 * 60;
/** Where the site remembers that a confirmation code was asked for (spec §4 "confirm_sent"). */
export const CONFIRM_SENT_KEY = 'confirm_sent';

export const showRegistrationHint = (input: {
  regTime: number;
  now: number;
  depositCount: number | undefined;
}) => input.depositCount === 0 && input.regTime > 0 && input.now - input.regTime < REGISTRATION_HINT_SECONDS;

/** The login contact is the e-mail when the login is one, else the phone. */
export const loginContact = (login: string, contacts: readonly TContact[]): TContact | undefined => {
  const type = login.includes('@') ? 'email' : 'phone';
  return contacts.find((c) => c.type === type) ?? contacts[0];
};

export const showConfirmationHint = (input: {
  regTime: number;
  now: number;
  contact: TContact | undefined;
  confirmSent: boolean;
}) =>
  input.contact !== undefined &&
  !input.contact.is_confirmed &&
  !input.confirmSent &&
  input.regTime > 0 &&
  input.now - input.regTime < CONFIRMATION_HINT_SECONDS;
