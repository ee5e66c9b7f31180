/**
 * The toast store: short notices at the top of the page. Each lives 5 s by default (spec §9) or the
 * configured number of seconds, and can be closed by hand. Timers run in `<ToastHost/>`, not here, so the
 * server never starts one.
 */
import type { ReactNode } from 'react';

/** The toast types of spec §3 plus the generic ones. */
export const TOAST_TYPES = [
  'quest',
  'register',
  'profile',
  'confirm',
  'product',
  'level',
  'fill_for_deposit',
  'success',
  'error',
  'info',
] as const;
export type TToastType = (typeof TOAST_TYPES)[number];

export const DEFAULT_TOAST_SECONDS = 5;

export interface TToastOptions {
  type?: TToastType;
  title?: ReactNode;
  message?: ReactNode;
  image?: string;
  /** Lifetime in seconds; 0 keeps the toast until it is closed. */
  duration?: number;
  /** Milliseconds to wait before showing (loyalty notices appear about 300 ms after their fetch). */
  delay?: number;
  id?: string;
  action?: { label: ReactNode; onClick: () => void };
  onClose?: () => void;
}

export interface TToast extends TToastOptions {
  id: string;
  type: TToastType;
  duration: number;
}

type TListener = () => void;

export const createToastStore = () => {
  let toasts: readonly TToast[] = [];
  let sequence = 0;
  const listeners = new Set<TListener>();
  const set = (next: readonly TToast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  const add = (toast: TToast) => {
    set([...toasts.filter((t) => t.id !== toast.id), toast]);
  };

  const show = (options: TToastOptions): string => {
    sequence += 1;
    const toast: TToast = {
      ...options,
      id: options.id ?? `toast-${sequence}`,
      type: options.type ?? 'info',
      duration: options.duration ?? DEFAULT_TOAST_SECONDS,
    };
    if (options.delay && options.delay > 0) setTimeout(() => add(toast), options.delay);
    else add(toast);
    return toast.id;
  };

  const dismiss = (id: string) => {
    const toast = toasts.find((t) => t.id === id);
    if (!toast) return;
    set(toasts.filter((t) => t.id !== id));
    toast.onClose?.();
  };

  return {
    getState: () => toasts,
    subscribe: (listener: TListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    show,
    dismiss,
    clear: () => set([]),
  };
};

export type TToastStore = ReturnType<typeof createToastStore>;

/** The site's one toast store, shown by `<ToastHost/>` in the root layout. */
export const toastStore = createToastStore();

/** `toast.show({ type: 'success', message })`, usable outside React. */
export const toast = {
  show: toastStore.show,
  dismiss: toastStore.dismiss,
  success: (message: ReactNode, options: TToastOptions = {}) =>
    toastStore.show({ ...options, type: 'success', message }),
  error: (message: ReactNode, options: TToastOptions = {}) =>
    toastStore.show({ ...options, type: 'error', message }),
  info: (message: ReactNode, options: TToastOptions = {}) =>
    toastStore.show({ ...options, type: 'info', message }),
};
