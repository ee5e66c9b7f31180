/**
 * Renders the dialog stack into document.body: overlays, panels, Esc and overlay close, the close button,
 * scroll lock, focus trap and return. Mount it once in the root layout. On the server it renders nothing.
 */
import { type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/i18n-lite';
import type { TDialogEntry, TDialogStore } from './dialog-store.ts';
import { focusInitial, trapTab } from './focus.ts';
import { lockScroll, unlockScroll } from './scroll-lock.ts';
import { DialogStoreContext, useDialogState } from './use-dialogs.ts';

const SIZE_CLASS: Record<TDialogEntry['size'], string> = {
  small: 'w-full max-w-[400px]',
  medium: 'w-full max-w-[560px]',
  large: 'w-full max-w-[880px]',
  full: 'w-full h-full max-w-none rounded-none',
};

const CURTAIN_SIZE_CLASS: Record<TDialogEntry['size'], string> = {
  small: 'w-[min(320px,100%)]',
  medium: 'w-[min(400px,100%)]',
  large: 'w-[min(560px,100%)]',
  full: 'w-full',
};

export function DialogHost() {
  const store = useContext(DialogStoreContext);
  const { stack } = useDialogState();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const hasOpen = stack.length > 0;
  useEffect(() => {
    if (!hasOpen) return;
    lockScroll();
    return () => unlockScroll();
  }, [hasOpen]);

  useEffect(() => {
    if (!hasOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const top = store.getState().stack.at(-1);
      if (!top) return;
      event.preventDefault();
      store.requestClose(top.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasOpen, store]);

  if (!mounted || !hasOpen) return null;
  return createPortal(
    <div data-dialog-host="">
      {stack.map((entry, index) => (
        <DialogFrame
          key={entry.id}
          entry={entry}
          store={store}
          isTop={index === stack.length - 1}
          layer={index}
        />
      ))}
    </div>,
    document.body,
  );
}

interface TFrameProps {
  entry: TDialogEntry;
  store: TDialogStore;
  isTop: boolean;
  layer: number;
}

function DialogFrame({ entry, store, isTop, layer }: TFrameProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const isClosable = !entry.preventClose;
  const showClose = isClosable && !entry.hideClose;
  const close = () => store.close(entry.id);
  const controls = { id: entry.id, close, update: (patch: object) => store.update(entry.id, patch) };

  // Remember what had focus before this dialog opened and give it back when the dialog goes away.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    if (panelRef.current) focusInitial(panelRef.current);
    return () => {
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  // Focus that escapes the top dialog (a click on the page behind, a script) is brought back inside.
  useEffect(() => {
    if (!isTop) return;
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current;
      if (panel && event.target instanceof Node && !panel.contains(event.target)) focusInitial(panel);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [isTop]);

  const isCurtain = entry.kind === 'curtain';
  const isBare = entry.layout === 'bare';
  const closeLabel = t('common.buttons.close', { defaultValue: 'Close' });
  const hasTitle = entry.title !== undefined && entry.title !== null;
  const body: ReactNode =
    entry.kind === 'confirm' && entry.confirm ? (
      <ConfirmBody entry={entry} close={close} />
    ) : (
      entry.render?.(controls)
    );

  const positionClass = isCurtain
    ? entry.position === 'right'
      ? 'justify-end'
      : 'justify-start'
    : 'items-center justify-center p-0 sm:p-4';
  const panelClass = isCurtain
    ? `h-full overflow-y-auto ${CURTAIN_SIZE_CLASS[entry.size]}`
    : `max-h-full overflow-y-auto rounded-none sm:rounded-2xl ${entry.size === 'full' ? 'h-full' : 'min-h-0 max-sm:min-h-full'} ${SIZE_CLASS[entry.size]}`;

  return (
    <div
      className={`fixed inset-0 flex ${positionClass}`}
      style={{ zIndex: 1000 + layer * 2 }}
      inert={!isTop}
      data-dialog-layer={layer}
    >
      <div
        className="absolute inset-0 bg-black/70 backdrop-blur-[2px]"
        aria-hidden="true"
        data-dialog-overlay=""
        onClick={() => store.requestClose(entry.id)}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, chosen at runtime */}
      <div
        ref={panelRef}
        role={entry.kind === 'confirm' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={entry.labelledBy ?? (hasTitle ? titleId : undefined)}
        aria-label={entry.labelledBy || hasTitle ? undefined : entry.ariaLabel}
        tabIndex={-1}
        data-dialog-kind={entry.kind}
        data-dialog-size={entry.size}
        data-dialog-id={entry.id}
        className={`relative flex flex-col bg-[var(--color-surface,#161a26)] text-[var(--color-text,#f3f4f8)] shadow-2xl outline-none ${panelClass} ${entry.className ?? ''}`}
        onKeyDown={(event) => {
          if (panelRef.current) trapTab(event, panelRef.current);
        }}
      >
        {isBare ? (
          <>
            {body}
            {showClose && (
              <CloseButton label={closeLabel} onClick={() => store.requestClose(entry.id)} floating />
            )}
          </>
        ) : (
          <>
            {(hasTitle || showClose) && (
              <div className="flex items-start gap-3 px-5 pt-5 sm:px-6">
                {hasTitle && (
                  <h2 id={titleId} className="flex-1 text-lg font-semibold leading-7">
                    {entry.title}
                  </h2>
                )}
                {showClose && <CloseButton label={closeLabel} onClick={() => store.requestClose(entry.id)} />}
              </div>
            )}
            <div className="flex-1 px-5 pb-5 pt-3 sm:px-6 sm:pb-6">{body}</div>
          </>
        )}
      </div>
    </div>
  );
}

function CloseButton({
  label,
  onClick,
  floating,
}: {
  label: string;
  onClick: () => void;
  floating?: boolean;
}) {
  return (
    <button
      type="button"
      data-dialog-close=""
      aria-label={label}
      onClick={onClick}
      className={`grid size-9 shrink-0 place-items-center rounded-full text-[var(--color-text-muted,#9aa0b4)] hover:bg-white/10 hover:text-[var(--color-text,#fff)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent,#f5b400)] ${floating ? 'absolute end-3 top-3 z-10 bg-black/30 backdrop-blur' : 'ms-auto'}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
    </button>
  );
}

function ConfirmBody({ entry, close }: { entry: TDialogEntry; close: () => void }) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  const confirm = entry.confirm!;
  return (
    <div className="flex flex-col gap-5">
      <div className="text-[var(--color-text-muted,#c4c8d6)]">{confirm.content}</div>
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          disabled={isBusy}
          onClick={() => {
            confirm.onReject?.();
            close();
          }}
          className="min-h-11 rounded-lg border border-white/15 px-5 font-medium hover:bg-white/10 disabled:opacity-50"
        >
          {confirm.rejectText ?? t('common.buttons.cancel', { defaultValue: 'Cancel' })}
        </button>
        <button
          type="button"
          disabled={isBusy}
          aria-busy={isBusy}
          onClick={async () => {
            setIsBusy(true);
            try {
              await confirm.onAgree?.();
              close();
            } finally {
              setIsBusy(false);
            }
          }}
          className="min-h-11 rounded-lg bg-[var(--color-accent,#f5b400)] px-5 font-semibold text-[var(--color-accent-contrast,#14161f)] hover:brightness-110 disabled:opacity-50"
        >
          {confirm.agreeText ?? t('common.buttons.confirm', { defaultValue: 'Confirm' })}
        </button>
      </div>
    </div>
  );
}
