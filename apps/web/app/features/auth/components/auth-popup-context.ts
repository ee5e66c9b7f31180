import type { TAuthAccount } from '@casino/contracts/calls/auth';
import { createContext, useContext } from 'react';

export type TAuthView = 'authorization' | 'registration' | 'restore' | 'twofa' | 'socialRegistration';

/** What the login keeps for the two-factor step (spec §3 Two-factor pending payload). */
export interface TTwoFactorPending {
  login: string;
  password: string;
  resend_time: number;
}

export interface TAuthPopupContext {
  view: TAuthView;
  setView: (view: TAuthView) => void;
  twoFactor: TTwoFactorPending | null;
  startTwoFactor: (pending: TTwoFactorPending) => void;
  /** Closes the popup after a successful login, 2FA or social completion and takes the player on. */
  onSignedIn: (account: TAuthAccount) => Promise<void>;
  /** `promoSent`: the registration carried a promo code, which the server activated with the account. */
  onRegistered: (account: TAuthAccount, options?: { promoSent?: boolean }) => Promise<void>;
  /** Sign-in was refused for a time-out or self-exclusion: no offer from here on (issue 36). */
  onMarketingPaused: () => void;
  close: () => void;
}

export const AuthPopupContext = createContext<TAuthPopupContext | null>(null);

export const useAuthPopup = () => {
  const context = useContext(AuthPopupContext);
  if (!context) throw new Error('useAuthPopup outside the authentication popup');
  return context;
};
