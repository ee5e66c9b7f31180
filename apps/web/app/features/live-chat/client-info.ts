/** Spec §3: the client info handed to the widget — uid, first name, e-mail and mobile contacts, language. */
import type { TContact } from '@casino/contracts/calls/account';
import type { TChatClient } from './types';

interface TProfileLike {
  first_name?: string;
  email?: string;
  mobile?: string;
  contacts?: TContact[];
}

const contact = (profile: TProfileLike | null, type: string) =>
  profile?.contacts?.find((c) => c.type === type)?.value ?? '';

export const chatClient = (uid: number, profile: TProfileLike | null, language: string): TChatClient => ({
  uid: uid > 0 ? uid : 0,
  name: profile?.first_name?.trim() ?? '',
  email: contact(profile, 'email') || profile?.email || '',
  phone: contact(profile, 'phone') || profile?.mobile || '',
  language,
});
