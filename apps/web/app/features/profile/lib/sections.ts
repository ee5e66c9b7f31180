/**
 * The profile sections of spec §2 in menu order, each with the §3 feature flag that gates it. A section whose
 * flag is off is missing from the menu and its route answers 404.
 */
import { paths } from '../../../config/paths';

export type TProfileSection =
  | 'settings'
  | 'security'
  | 'notification'
  | 'verification'
  | 'responsible-game'
  | 'bets'
  | 'bonuses'
  | 'loyalty'
  | 'cashback';

export interface TSectionInfo {
  id: TProfileSection;
  path: string;
  titleKey: string;
  title: string;
  /** The site-config flag that must be on (missing flags count as on, except where noted). */
  flag?: string;
}

export const PROFILE_MENU: readonly TSectionInfo[] = [
  { id: 'settings', path: paths.profile.settings, titleKey: 'profile.tabs.settings', title: 'Settings' },
  { id: 'security', path: paths.profile.security, titleKey: 'profile.tabs.security', title: 'Security' },
  {
    id: 'notification',
    path: paths.profile.notification,
    titleKey: 'profile.tabs.notification',
    title: 'Notifications',
  },
  {
    id: 'verification',
    path: paths.profile.verification,
    titleKey: 'profile.tabs.verification',
    title: 'Verification',
    flag: 'isVerificationEnable',
  },
  {
    id: 'responsible-game',
    path: paths.profile.responsibleGame,
    titleKey: 'profile.tabs.responsibleGame',
    title: 'Responsible gaming',
    flag: 'isResponsibleGamingEnable',
  },
  {
    id: 'bets',
    path: paths.profile.bets,
    titleKey: 'profile.tabs.bets',
    title: 'Bet history',
    flag: 'isBetHistoryEnable',
  },
  { id: 'bonuses', path: paths.profile.bonuses, titleKey: 'profile.tabs.bonuses', title: 'Bonuses' },
  {
    id: 'loyalty',
    path: paths.profile.loyalty,
    titleKey: 'profile.tabs.loyalty',
    title: 'Loyalty',
    flag: 'isLoyaltyEnable',
  },
  { id: 'cashback', path: paths.profile.cashback, titleKey: 'profile.tabs.cashback', title: 'Cashback' },
];

/** A flag the operator never set counts as on: the seed sets every one, and a missing key is no opt-out. */
export const isFlagOn = (flags: Record<string, boolean> | undefined, flag: string | undefined) =>
  flag === undefined || flags?.[flag] !== false;

export const visibleSections = (flags: Record<string, boolean> | undefined) =>
  PROFILE_MENU.filter((section) => isFlagOn(flags, section.flag));

export const sectionOfPath = (pathname: string): TProfileSection | undefined => {
  const match = /\/profile\/([\w-]+)/.exec(pathname);
  return PROFILE_MENU.find((s) => s.id === match?.[1])?.id;
};

export const TWO_FACTOR_FLAG = 'isTwoFAEnable';
