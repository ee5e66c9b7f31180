/**
 * The dialog store: a stack of open dialogs (all rendered, the top one active) and a queue of dialogs shown
 * one after another once the stack is empty. It is a plain external store so that code outside React (header
 * buttons, a socket event) can open a dialog; the server never mutates it, so SSR renders no dialog.
 */
import type { ReactNode } from 'react';

export type TDialogKind = 'popup' | 'confirm' | 'curtain';
export type TDialogSize = 'small' | 'medium' | 'large' | 'full';
/** A curtain's side, in reading direction: `left` is the start side and is mirrored in right-to-left pages. */
export type TCurtainPosition = 'left' | 'right';

export interface TDialogControls {
  id: string;
  close: () => void;
  /** Changes this dialog's options while it is open (e.g. the auth popup switching to a non-closable view). */
  update: (patch: Partial<TDialogOptionsPatch>) => void;
}

export interface TConfirmOptions {
  /** The question or body of a confirm dialog. */
  content: ReactNode;
  agreeText?: ReactNode;
  rejectText?: ReactNode;
  onAgree?: () => void | Promise<void>;
  onReject?: () => void;
}

export interface TDialogOptions {
  kind?: TDialogKind;
  size?: TDialogSize;
  /** Blocks every way of closing by the player: Esc, overlay click, the close button. */
  preventClose?: boolean;
  /** Hides the close button while Esc and the overlay still close the dialog. */
  hideClose?: boolean;
  position?: TCurtainPosition;
  /** The visible title; it labels the dialog (`aria-labelledby`). */
  title?: ReactNode;
  /** An accessible name used when there is no visible title. */
  ariaLabel?: string;
  /** The body. Not needed for a confirm dialog, whose body is `confirm.content`. */
  render?: (controls: TDialogControls) => ReactNode;
  confirm?: TConfirmOptions;
  /** Called once, after the dialog leaves the stack for any reason. */
  onClose?: () => void;
  /** A stable id (e.g. `auth`): opening an id that is already open replaces it instead of stacking twice. */
  id?: string;
  className?: string;
  /**
   * `bare`: the content draws its own title and padding (e.g. a banner flush with the edge); the close
   * button floats at the top end and `labelledBy` names the content's heading.
   */
  layout?: 'default' | 'bare';
  labelledBy?: string;
}

export type TDialogOptionsPatch = Pick<
  TDialogOptions,
  'size' | 'preventClose' | 'hideClose' | 'title' | 'ariaLabel' | 'kind' | 'position'
>;

export interface TDialogEntry extends TDialogOptions {
  id: string;
  kind: TDialogKind;
  size: TDialogSize;
  preventClose: boolean;
  hideClose: boolean;
  position: TCurtainPosition;
}

export interface TDialogState {
  stack: readonly TDialogEntry[];
  queue: readonly TDialogEntry[];
}

type TListener = () => void;

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `dialog-${sequence}`;
};

const toEntry = (options: TDialogOptions): TDialogEntry => ({
  ...options,
  id: options.id ?? nextId(),
  kind: options.kind ?? 'popup',
  size: options.size ?? 'medium',
  preventClose: options.preventClose ?? false,
  hideClose: options.hideClose ?? false,
  position: options.position ?? 'left',
});

export const createDialogStore = () => {
  let state: TDialogState = { stack: [], queue: [] };
  const listeners = new Set<TListener>();

  const set = (next: TDialogState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  /** When nothing is on the stack, the first queued dialog moves onto it. */
  const promoteQueue = (next: TDialogState): TDialogState => {
    if (next.stack.length > 0 || next.queue.length === 0) return next;
    const [first, ...rest] = next.queue;
    return { stack: [first!], queue: rest };
  };

  const open = (options: TDialogOptions): string => {
    const entry = toEntry(options);
    const existing = state.stack.findIndex((d) => d.id === entry.id);
    const stack =
      existing >= 0 ? state.stack.map((d, i) => (i === existing ? entry : d)) : [...state.stack, entry];
    set({ ...state, stack });
    return entry.id;
  };

  const enqueue = (options: TDialogOptions): string => {
    const entry = toEntry(options);
    if (state.queue.some((d) => d.id === entry.id) || state.stack.some((d) => d.id === entry.id)) {
      return entry.id;
    }
    set(promoteQueue({ ...state, queue: [...state.queue, entry] }));
    return entry.id;
  };

  const remove = (id: string) => {
    const closing = state.stack.find((d) => d.id === id) ?? state.queue.find((d) => d.id === id);
    if (!closing) return;
    set(
      promoteQueue({
        stack: state.stack.filter((d) => d.id !== id),
        queue: state.queue.filter((d) => d.id !== id),
      }),
    );
    closing.onClose?.();
  };

  /** A close asked by the player (Esc, overlay, close button): refused while the dialog prevents closing. */
  const requestClose = (id: string): boolean => {
    const entry = state.stack.find((d) => d.id === id);
    if (!entry || entry.preventClose) return false;
    remove(id);
    return true;
  };

  const update = (id: string, patch: Partial<TDialogOptionsPatch>) => {
    const apply = (d: TDialogEntry) => (d.id === id ? { ...d, ...patch } : d);
    set({ stack: state.stack.map(apply), queue: state.queue.map(apply) });
  };

  const closeAll = () => {
    const closing = [...state.stack, ...state.queue];
    set({ stack: [], queue: [] });
    for (const d of closing) d.onClose?.();
  };

  /** Opens a confirm dialog and answers true when the player agrees, false on reject or close. */
  const confirm = (options: Omit<TDialogOptions, 'kind' | 'render'> & { confirm: TConfirmOptions }) =>
    new Promise<boolean>((resolve) => {
      let answered = false;
      const answer = (value: boolean) => {
        if (answered) return;
        answered = true;
        resolve(value);
      };
      open({
        ...options,
        kind: 'confirm',
        confirm: {
          ...options.confirm,
          onAgree: async () => {
            await options.confirm.onAgree?.();
            answer(true);
          },
          onReject: () => {
            options.confirm.onReject?.();
            answer(false);
          },
        },
        onClose: () => {
          options.onClose?.();
          answer(false);
        },
      });
    });

  /** Resolves once no dialog is open or queued: what waits for the queue to show them all, one at a time. */
  const settled = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (state.stack.length > 0 || state.queue.length > 0) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
    });

  return {
    getState: () => state,
    settled,
    subscribe: (listener: TListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    open,
    enqueue,
    close: remove,
    requestClose,
    update,
    closeAll,
    confirm,
    isOpen: (id: string) => state.stack.some((d) => d.id === id),
  };
};

export type TDialogStore = ReturnType<typeof createDialogStore>;

/** The site's one dialog store, mounted by `<DialogHost/>` in the root layout. */
export const dialogStore = createDialogStore();
export const EMPTY_DIALOG_STATE: TDialogState = { stack: [], queue: [] };
