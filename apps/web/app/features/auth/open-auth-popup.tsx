/**
 * `openAuthPopup(view)` for the header buttons and anything else: opens the authentication popup in the
 * site's dialog system (one at a time: opening again switches the view).
 */
import { dialogStore } from '../../ui/dialogs/dialog-store.ts';
import { AuthPopup } from './components/auth-popup.tsx';
import type { TAuthView } from './components/auth-popup-context.ts';

export type { TAuthView };
export const AUTH_DIALOG_ID = 'auth';
const TITLE_ID = 'auth-popup-title';

export interface TOpenAuthPopupOptions {
  /** prevent_close=1: no Esc, no overlay, no close button. socialRegistration is always non-closable. */
  preventClose?: boolean;
  onClose?: () => void;
}

export const openAuthPopup = (view: TAuthView = 'authorization', options: TOpenAuthPopupOptions = {}) =>
  dialogStore.open({
    id: AUTH_DIALOG_ID,
    kind: 'popup',
    size: 'large',
    layout: 'bare',
    labelledBy: TITLE_ID,
    preventClose: options.preventClose === true || view === 'socialRegistration',
    ...(options.onClose ? { onClose: options.onClose } : {}),
    render: (dialog) => (
      <AuthPopup
        key={`${view}`}
        initialView={view}
        dialog={dialog}
        titleId={TITLE_ID}
        reopen={(next) => openAuthPopup(next)}
      />
    ),
  });

export const closeAuthPopup = () => dialogStore.close(AUTH_DIALOG_ID);
export const isAuthPopupOpen = () => dialogStore.isOpen(AUTH_DIALOG_ID);
