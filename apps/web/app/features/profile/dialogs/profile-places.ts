/**
 * Fills the dialog places the profile owns (spec §2 Other dialogs) and opens them when the server asks for them
 * (spec §8): UserNeedProfileDataException opens the fill-profile prompt, SumsubVerificationRequiredException the
 * identity verification. Imported by the root once the page is up, and by the header's session meter.
 */
import { onRefusal } from '../../../lib/api/refusal-handlers';
import { dialogStore, fillDialogPlace, openDialogPlace } from '../../../ui/dialogs';
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

/**
 * A screen that answers the refusal itself (the withdrawal opens the verification for its own action) does so
 * as the call fails; the shared answer comes after it, and only when that dialog is not open yet.
 */
const unlessOpen = (id: 'fill-profile-info' | 'identity-verification', open: () => void) =>
  setTimeout(() => {
    if (!dialogStore.isOpen(id)) open();
  }, 0);

onRefusal('UserNeedProfileDataException', (error) => {
  const toastType: TToastType = error.data.toast_type === 'fill_for_deposit' ? 'fill_for_deposit' : 'profile';
  const from = `${window.location.pathname}${window.location.search}`;
  unlessOpen('fill-profile-info', () => openFillProfilePrompt(from, toastType));
});
onRefusal('SumsubVerificationRequiredException', (error) => {
  const action = typeof error.data.external_action_id === 'string' ? error.data.external_action_id : '';
  unlessOpen('identity-verification', () => openVerificationDialog(action));
});
