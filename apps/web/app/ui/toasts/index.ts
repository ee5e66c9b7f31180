export { ToastHost } from './toast-host.tsx';
export {
  createToastStore,
  DEFAULT_TOAST_SECONDS,
  TOAST_TYPES,
  type TToast,
  type TToastOptions,
  type TToastStore,
  type TToastType,
  toast,
  toastStore,
} from './toast-store.ts';
