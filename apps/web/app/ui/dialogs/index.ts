/** The dialog system. `DialogHost` is not re-exported: the root loads it lazily from dialog-host.tsx. */
export {
  DIALOG_PLACES,
  fillDialogPlace,
  isDialogPlaceFilled,
  openDialogPlace,
  type TDialogPlaceId,
  type TPlaceProps,
} from './dialog-places.tsx';
export {
  createDialogStore,
  dialogStore,
  type TDialogControls,
  type TDialogKind,
  type TDialogOptions,
  type TDialogSize,
  type TDialogStore,
} from './dialog-store.ts';
export { DialogStoreContext, useDialogState, useDialogs } from './use-dialogs.ts';
