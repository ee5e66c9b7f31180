/**
 * Shows the toasts at the top of the page, just below the header (`--header-height`). Each toast closes
 * itself after its lifetime (paused while hovered or focused) and has a close button.
 */
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n-lite';
import { type TToast, type TToastStore, type TToastType, toastStore } from './toast-store.ts';

const EMPTY: readonly TToast[] = [];

const ACCENT: Record<TToastType, string> = {
  success: 'border-s-emerald-400',
  error: 'border-s-rose-500',
  info: 'border-s-sky-400',
  quest: 'border-s-violet-400',
  register: 'border-s-emerald-400',
  profile: 'border-s-sky-400',
  confirm: 'border-s-amber-400',
  product: 'border-s-fuchsia-400',
  level: 'border-s-amber-300',
  fill_for_deposit: 'border-s-amber-400',
};

const ICON: Record<TToastType, ReactNode> = {
  success: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  register: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  error: <path d="M12 7v6m0 4h.01M4 12a8 8 0 1016 0 8 8 0 00-16 0z" />,
  info: <path d="M12 11v6m0-10h.01M4 12a8 8 0 1016 0 8 8 0 00-16 0z" />,
  profile: <path d="M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0" />,
  confirm: <path d="M4 6h16v12H4zM4 7l8 6 8-6" />,
  quest: <path d="M6 4v16M6 5h11l-2 4 2 4H6" />,
  product: <path d="M5 8h14l-1 12H6zM9 8V6a3 3 0 016 0v2" />,
  level: <path d="M12 4l2.5 5 5.5.8-4 3.9.9 5.5-4.9-2.6-4.9 2.6.9-5.5-4-3.9 5.5-.8z" />,
  fill_for_deposit: <path d="M12 6v12m-6-6h12" />,
};

export function ToastHost({ store = toastStore }: { store?: TToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getState, () => EMPTY);
  return (
    <section
      aria-live="polite"
      role="status"
      aria-relevant="additions"
      className="pointer-events-none fixed inset-x-0 z-[1100] flex flex-col items-center gap-2 px-3 pt-3 sm:items-end sm:px-5"
      style={{ top: 'var(--header-height, 0px)' }}
      data-toast-host=""
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={() => store.dismiss(t.id)} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onClose }: { toast: TToast; onClose: () => void }) {
  const { t } = useTranslation();
  const [isPaused, setIsPaused] = useState(false);
  const remaining = useRef(toast.duration * 1000);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (toast.duration <= 0 || isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onCloseRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [isPaused, toast.duration]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer; nothing is activated
    <div
      role={toast.type === 'error' ? 'alert' : undefined}
      data-toast-type={toast.type}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
      className={`pointer-events-auto flex w-full max-w-[400px] items-start gap-3 rounded-xl border-s-4 bg-[var(--color-surface-raised,#20253a)] p-3 text-[var(--color-text,#f3f4f8)] shadow-xl ring-1 ring-white/10 ${ACCENT[toast.type]}`}
    >
      {toast.image ? (
        <img src={toast.image} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
      ) : (
        <svg
          viewBox="0 0 24 24"
          className="mt-0.5 size-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {ICON[toast.type]}
        </svg>
      )}
      <div className="min-w-0 flex-1 text-sm">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        {toast.message && <p className="text-[var(--color-text-muted,#c4c8d6)]">{toast.message}</p>}
        {toast.action && (
          <button
            type="button"
            onClick={() => {
              toast.action?.onClick();
              onClose();
            }}
            className="mt-1 font-semibold text-[var(--color-accent,#f5b400)] underline-offset-2 hover:underline"
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('common.buttons.close', { defaultValue: 'Close' })}
        className="grid size-7 shrink-0 place-items-center rounded-full text-[var(--color-text-muted,#9aa0b4)] hover:bg-white/10"
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
