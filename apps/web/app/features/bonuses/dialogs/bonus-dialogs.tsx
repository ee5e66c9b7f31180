/**
 * The bonus dialogs of spec §2 'Other dialogs': the burn-bonuses, bonus activate and bonus remove confirms (the
 * dialog host draws a confirm's body and its agree / reject buttons), and the popups that are components of their
 * own (promo code activated, betting bonus activated), lazily loaded into their places.
 */
import type { ReactNode } from 'react';
import { DIALOG_PLACES, dialogStore, fillDialogPlace, openDialogPlace } from '../../../ui/dialogs';
import type { TPromoActivated } from '../api/bonuses-api';

fillDialogPlace('promo-code-activated', () => import('./promo-activated-dialog'));
fillDialogPlace('betting-bonus-activated', () => import('./betting-bonus-activated-dialog'));

type TConfirmPlace = 'burn-bonuses-confirm' | 'bonus-activate-confirm' | 'bonus-remove-confirm';

/** Opens one of the bonus confirms with its question; `onAgree` runs before the dialog closes. */
export const openBonusConfirm = (
  place: TConfirmPlace,
  options: {
    title: ReactNode;
    content: ReactNode;
    agreeText: ReactNode;
    rejectText: ReactNode;
    onAgree: () => Promise<void>;
  },
) =>
  dialogStore.open({
    ...DIALOG_PLACES[place],
    id: place,
    title: options.title,
    confirm: {
      content: options.content,
      agreeText: options.agreeText,
      rejectText: options.rejectText,
      onAgree: options.onAgree,
    },
  });

/** The promo code activated popup (spec §4 Promo code flow; not on the deposit path, the caller decides). */
export const openPromoActivated = (activated: TPromoActivated) =>
  openDialogPlace('promo-code-activated', { activated });

export const openBettingBonusActivated = (amount: string) =>
  openDialogPlace('betting-bonus-activated', { amount });
