import { createContext, useContext, useSyncExternalStore } from 'react';
import { dialogStore, EMPTY_DIALOG_STATE, type TDialogStore } from './dialog-store.ts';

/** Tests (and nested apps) may provide their own store; the site uses the one module store. */
export const DialogStoreContext = createContext<TDialogStore>(dialogStore);

/** `const dialogs = useDialogs(); dialogs.open({ kind, size, preventClose, render })`. */
export const useDialogs = () => {
  const store = useContext(DialogStoreContext);
  return {
    open: store.open,
    enqueue: store.enqueue,
    close: store.close,
    update: store.update,
    closeAll: store.closeAll,
    confirm: store.confirm,
    isOpen: store.isOpen,
  };
};

export const useDialogState = () => {
  const store = useContext(DialogStoreContext);
  return useSyncExternalStore(store.subscribe, store.getState, () => EMPTY_DIALOG_STATE);
};
