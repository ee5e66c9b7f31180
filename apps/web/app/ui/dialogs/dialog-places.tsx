/**
 * A place for each dialog of spec §2 'Other dialogs'. The feature that owns a dialog fills its place with a
 * lazily loaded component (`fillDialogPlace('promo-code-activated', () => import('…'))`); any code can then
 * open it by id with props, without importing the feature.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n-lite';
import { dialogStore, type TDialogControls, type TDialogOptions, type TDialogStore } from './dialog-store.ts';

export const DIALOG_PLACES = {
  'promo-code-activated': { kind: 'popup', size: 'small' },
  'unseen-cashback': { kind: 'popup', size: 'medium' },
  'identity-verification': { kind: 'popup', size: 'large' },
  'demo-mode': { kind: 'popup', size: 'small' },
  campaign: { kind: 'popup', size: 'medium' },
  'loyalty-shop-confirm': { kind: 'confirm', size: 'small' },
  'loyalty-shop-buy': { kind: 'popup', size: 'small' },
  'loyalty-shop-insufficient-funds': { kind: 'popup', size: 'small' },
  'loyalty-quest': { kind: 'popup', size: 'medium' },
  'loyalty-character-change': { kind: 'popup', size: 'large' },
  'loyalty-character-confirm': { kind: 'confirm', size: 'small' },
  'games-search': { kind: 'popup', size: 'full' },
  'interactivity-warning': { kind: 'popup', size: 'small', preventClose: true },
  'promotions-detail': { kind: 'popup', size: 'large' },
  'burn-bonuses-confirm': { kind: 'confirm', size: 'small' },
  'confirm-email': { kind: 'popup', size: 'small' },
  'bonus-activate-confirm': { kind: 'confirm', size: 'small' },
  'bonus-remove-confirm': { kind: 'confirm', size: 'small' },
  'fill-profile-info': { kind: 'popup', size: 'small' },
  'betting-bonus-activated': { kind: 'popup', size: 'small' },
} as const satisfies Record<string, Pick<TDialogOptions, 'kind' | 'size' | 'preventClose'>>;

export type TDialogPlaceId = keyof typeof DIALOG_PLACES;

/** What a place's component receives: its own props plus the dialog controls (close, update). */
export type TPlaceProps<P = Record<string, unknown>> = P & { dialog: TDialogControls };

// Each place holds a component of its own props; the map cannot say which, so it stores them loosely typed.
type TAnyPlaceComponent = ComponentType<TPlaceProps<Record<string, unknown>>>;
type TLoader = () => Promise<{ default: TAnyPlaceComponent }>;

const places = new Map<TDialogPlaceId, TAnyPlaceComponent>();

/** Fills a place with a lazily loaded component; the code is fetched the first time the dialog opens. */
export const fillDialogPlace = <P,>(
  id: TDialogPlaceId,
  load: () => Promise<{ default: ComponentType<TPlaceProps<P>> }>,
) => {
  places.set(id, lazy(load as unknown as TLoader));
};

export const isDialogPlaceFilled = (id: TDialogPlaceId) => places.has(id);

/**
 * Opens the dialog of a place. Answers the dialog id, or null when no feature has filled the place yet
 * (the caller decides whether that matters). `open` stacks; `queue: true` waits its turn.
 */
export const openDialogPlace = <P extends object>(
  id: TDialogPlaceId,
  props: P,
  options: Omit<TDialogOptions, 'render' | 'id'> & { queue?: boolean } = {},
  store: TDialogStore = dialogStore,
): string | null => {
  const Component = places.get(id) as ComponentType<TPlaceProps<P>> | undefined;
  if (!Component) return null;
  const { queue, ...rest } = options;
  const dialog: TDialogOptions = {
    ...DIALOG_PLACES[id],
    ...rest,
    id,
    render: (controls) => (
      <Suspense fallback={<DialogLoading />}>
        <Component {...props} dialog={controls} />
      </Suspense>
    ),
  };
  return queue ? store.enqueue(dialog) : store.open(dialog);
};

function DialogLoading() {
  const { t } = useTranslation();
  return (
    <div
      className="grid min-h-32 place-items-center"
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.labels.loading', { defaultValue: 'Loading…' })}
    >
      <span className="size-8 animate-spin rounded-full border-2 border-white/20 border-t-[var(--color-accent,#f5b400)]" />
    </div>
  );
}
