/**
 * Spec §8: UserNeedConfirmContactException and KycWithdrawalException give the withdrawal screen a button
 * (a link and a show flag). The server's link is used when it is a page of the site, else the profile page
 * that does the job.
 */
import { paths } from '../../../config/paths';

export type TGate = { kind: 'confirm-contact' | 'kyc'; link: string; show: boolean };

const KNOWN_PAGES = new Set<string>(Object.values(paths.profile));

const linkOf = (given: unknown, fallback: string) =>
  typeof given === 'string' && KNOWN_PAGES.has(given) ? given : fallback;

export const gateOfError = (type: string, data: Record<string, unknown>): TGate | null => {
  if (type === 'UserNeedConfirmContactException')
    return {
      kind: 'confirm-contact',
      link: linkOf(data.link, paths.profile.settings),
      show: data.show !== false,
    };
  // Sumsub's form of the same gate: the page also opens the verification flow at once.
  if (type === 'KycWithdrawalException' || type === 'SumsubVerificationRequiredException')
    return { kind: 'kyc', link: linkOf(data.link, paths.profile.verification), show: data.show !== false };
  return null;
};

/** The same gates known before a submit, from getwithdrawsettings. */
export const gatesOfSettings = (
  settings: { has_confirmed_contact: boolean; is_verified: boolean; kyc_threshold: number },
  amount: number | null,
): TGate[] => {
  const gates: TGate[] = [];
  if (!settings.has_confirmed_contact)
    gates.push({ kind: 'confirm-contact', link: paths.profile.settings, show: true });
  if (!settings.is_verified && amount !== null && amount > settings.kyc_threshold)
    gates.push({ kind: 'kyc', link: paths.profile.verification, show: true });
  return gates;
};
