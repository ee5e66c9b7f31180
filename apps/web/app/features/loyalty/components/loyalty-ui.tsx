/** Small pieces every loyalty page uses: the coin, points, a progress bar, section cards, the visitor's call. */
import type { TLoyaltyConfig } from '@casino/contracts/calls/loyalty';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TCmsConfig } from '../../../lib/site/types';
import { useAuthHref } from '../../frame/auth-links';
import { useSite } from '../../frame/use-site';

/** Spec §3 Loyalty config defaults (coinIcon; notification duration 5 s, no sound), until the server's arrives. */
export const LOYALTY_CONFIG: TLoyaltyConfig = {
  isEnableLoyalty: true,
  isEnableCharacters: true,
  coinIcon: '/images/loyalty/coin.svg',
  placesWhereDisplayedCharacters: ['profile-page', 'loyalty-page', 'profile-loyalty-pages'],
  tutorialUrl: '',
  notification: { duration: 5, sound: false },
};

/** The site config's loyalty section (metadata.get); its switches follow the feature flags, off when either says so. */
export const loyaltyConfigOf = (cms: Pick<TCmsConfig, 'flags' | 'loyalty'> | undefined): TLoyaltyConfig => ({
  ...LOYALTY_CONFIG,
  ...cms?.loyalty,
  isEnableLoyalty: cms?.flags?.isLoyaltyEnable !== false && cms?.loyalty?.isEnableLoyalty !== false,
  isEnableCharacters: cms?.flags?.isCharactersEnable !== false && cms?.loyalty?.isEnableCharacters !== false,
});

export const useLoyaltyConfig = () => loyaltyConfigOf(useSite()?.cms);

/** Whether the character shows in a place (§3 placesWhereDisplayedCharacters, and characters switched on). */
export const showsCharacter = (
  config: TLoyaltyConfig,
  place: TLoyaltyConfig['placesWhereDisplayedCharacters'][number],
) => config.isEnableCharacters && config.placesWhereDisplayedCharacters.includes(place);

export const useSignedIn = () => Boolean(useSite()?.account?.uid);

export const formatPoints = (points: number, locale: string) =>
  new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : locale, { maximumFractionDigits: 2 }).format(
    points,
  );

export function Coin({ className = 'size-5' }: { className?: string }) {
  return (
    <img
      src={useLoyaltyConfig().coinIcon}
      alt=""
      aria-hidden="true"
      className={`inline-block ${className}`}
    />
  );
}

export function Points({ value, className = '' }: { value: number; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-1 font-semibold tabular-nums ${className}`} dir="ltr">
      <Coin className="size-4" />
      {formatPoints(value, i18n.language)}
    </span>
  );
}

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      className="h-2.5 w-full overflow-hidden rounded-full bg-[var(--surface-hover,#2a3150)]"
    >
      <div className="h-full rounded-full bg-[var(--accent)]" style={{ width: `${value}%` }} />
    </div>
  );
}

export function Panel({
  title,
  action,
  children,
  testId,
  className = '',
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section
      className={`min-w-0 rounded-2xl border border-[var(--line,#2a3150)] bg-[var(--surface)] p-4 sm:p-6 ${className}`}
      data-testid={testId}
    >
      {(title || action) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-lg font-bold text-[var(--text-strong)]">{title}</h2>}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}

/** A visitor sees the programme and this call to register. */
export function JoinCall() {
  const { t } = useTranslation();
  const authHref = useAuthHref();
  return (
    <div
      className="flex flex-col items-start gap-3 rounded-2xl border border-[var(--accent)] bg-[var(--surface)] p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      data-testid="loyalty-join"
    >
      <p className="text-[var(--text-strong)]">
        {t('loyalty.join.text', {
          defaultValue: 'Sign up to earn points on every bet, climb the levels and shop.',
        })}
      </p>
      <a className="btn btn-primary shrink-0" href={authHref('reg')}>
        {t('loyalty.join.button', { defaultValue: 'Join now' })}
      </a>
    </div>
  );
}

export const dateOf = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
};
