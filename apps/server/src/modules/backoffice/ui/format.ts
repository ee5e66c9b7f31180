/** How the back-office writes money, dates and ids. */
import { type Cents, formatMoney } from '@casino/contracts';
import { html } from './html.ts';

export const money = (cents: Cents, currency?: string) => formatMoney(cents, currency);

/** `2026-11-21 12:00 UTC`: operators in several time zones read the same clock. */
export const dateTime = (at: Date | null | undefined) =>
  at ? `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—';

/** `<time>` with the machine-readable value, for screen readers and copying. */
export const time = (at: Date | null | undefined) =>
  at ? html`<time datetime="${at.toISOString()}">${dateTime(at)}</time>` : html`<span class="muted">—</span>`;

export const shortId = (id: string) => id.slice(0, 8);

const PLURAL_RULES = new Intl.PluralRules('en');

/**
 * The back-office's words for a count by the language's plural rule (Intl.PluralRules): `{n}` is the count.
 * `plural(1, { one: 'this player', other: 'these {n} players' })` → "this player".
 */
export const plural = (count: number, forms: { one: string; other: string }) =>
  (PLURAL_RULES.select(count) === 'one' ? forms.one : forms.other).replaceAll(
    '{n}',
    count.toLocaleString('en'),
  );

export const badge = (text: string, tone: 'neutral' | 'good' | 'warn' | 'bad' | 'info' = 'neutral') =>
  html`<span class="badge badge-${tone}">${text}</span>`;

const STATUS_TONE: Record<string, 'neutral' | 'good' | 'warn' | 'bad' | 'info'> = {
  pending: 'warn',
  success: 'good',
  approved: 'good',
  failed: 'bad',
  declined: 'bad',
  cancelled: 'neutral',
  active: 'good',
  banned: 'bad',
  deleted: 'neutral',
  verified: 'good',
  on_verification: 'warn',
  rejected: 'bad',
  none: 'neutral',
};

const STATUS_TEXT: Record<string, string> = {
  success: 'paid',
  failed: 'declined',
  on_verification: 'awaiting review',
  none: 'not started',
};

export const statusBadge = (status: string) =>
  badge(STATUS_TEXT[status] ?? status.replaceAll('_', ' '), STATUS_TONE[status] ?? 'neutral');
