/** The profile as getprofileinfo shows it (spec §3 Profile fields, Contact). */
import type { TContact, TProfileInfo } from '@casino/contracts/calls/account';
import { findCountry } from '@casino/contracts/countries';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TPlayer, TPlayerContact } from '../players/index.ts';
import { listContacts } from '../players/index.ts';

export const presentContact = (contact: TPlayerContact): TContact => ({
  type: contact.type,
  value: contact.value,
  is_confirmed: contact.isConfirmed,
  is_subscribed: contact.isSubscribed,
  ...(contact.type === 'phone' ? { phone_country_code: contact.phoneCountryCode ?? '' } : {}),
});

export const readProfileInfo = async (
  db: TExecutor,
  player: TPlayer,
  include: { contacts: boolean; document: boolean },
): Promise<TProfileInfo> => {
  const contacts = await listContacts(db, player.id);
  const email = contacts.find((c) => c.type === 'email');
  const phone = contacts.find((c) => c.type === 'phone');
  const p = player.profile;
  const documentType = p.document_type ?? '';
  const documentNumber = p.document_number ?? '';
  return {
    first_name: p.first_name ?? '',
    middle_name: p.middle_name ?? '',
    last_name: p.last_name ?? '',
    sex: p.sex ?? 0,
    birth_date: p.birth_date ?? '',
    ...(include.document
      ? {
          document: {
            type: documentType,
            // spec §3: the number travels with the document only for a CPF
            ...(documentType === 'cpf' ? { number: documentNumber } : {}),
          },
        }
      : {}),
    document_type: documentType,
    document_number: documentNumber,
    country: findCountry(player.countryCode)?.name ?? '',
    country_code: player.countryCode ?? '',
    region: p.region ?? '',
    home_town: p.home_town ?? '',
    address: p.address ?? '',
    postcode: p.postcode ?? '',
    mobile: phone?.value ?? '',
    email: email?.value ?? '',
    login: player.login,
    currency: player.currency,
    phone_country_code: phone?.phoneCountryCode ?? '',
    fakename: player.fakename ?? '',
    confirm_sent: p.confirm_sent === true,
    ...(include.contacts ? { contacts: contacts.map(presentContact) } : {}),
  };
};
