/** Fills the dialog places the profile owns (spec §2 Other dialogs); imported by the header's session meter. */
import { fillDialogPlace, openDialogPlace } from '../../../ui/dialogs';
import type { TToastType } from '../../../ui/toasts';

fillDialogPlace('confirm-email', () => import('./confirm-email-dialog'));
fillDialogPlace('fill-profile-info', () => import('./fill-profile-dialog'));
fillDialogPlace('identity-verification', () => import('./verification-dialog'));

export const openConfirmEmail = () => openDialogPlace('confirm-email', {});
export const openFillProfilePrompt = (from?: string, toastType: TToastType = 'profile') =>
  openDialogPlace('fill-profile-info', { from, toastType });
/** `externalActionId`: what the verification is for (Sumsub binds the WebSDK's token to it), e.g. a withdrawal. */
export const openVerificationDialog = (externalActionId = '') =>
  openDialogPlace('identity-verification', { externalActionId });
