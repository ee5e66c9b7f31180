/**
 * The site's one §9 formatter: amounts with thousands commas and 2 decimals (and the currency's symbol, from the
 * contracts' formatMoney), dates dd.mm.yyyy and times H:mm in the player's time zone, the same in every locale.
 * A time is a Date, an ISO string, or a number of Unix seconds (what the API sends).
 */
import { formatMoney, toCents } from '@casino/contracts/money';

export type TWhen = Date | string | number;

const toDate = (when: TWhen) =>
  when instanceof Date ? when : new Date(typeof when === 'number' ? when * 1000 : when);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An amount in major units → `$1,234.50` (no currency or an empty one: `1,234.50`); a sub-cent rest is rounded half
 * up; no amount at all (null, undefined) → `—`.
 */
export const formatAmount = (major: number | null | undefined, currency?: string) =>
  major === null || major === undefined
    ? '—'
    : formatMoney(toCents((Math.round(major * 100) / 100).toFixed(2)), currency || undefined);

/** A count or score → `12,345.67` (up to `decimals` places, trailing zeros dropped), commas for thousands. */
export const formatNumber = (value: number, decimals = 2) => {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 && Number(fixed) !== 0 ? '-' : ''}${grouped}${trimmed ? `.${trimmed}` : ''}`;
};

/** `dd.mm.yyyy` */
export const formatDate = (when: TWhen) => {
  const d = toDate(when);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
};

/** `H:mm` */
export const formatTime = (when: TWhen) => {
  const d = toDate(when);
  return `${d.getHours()}:${pad(d.getMinutes())}`;
};

/** `dd.mm.yyyy H:mm` */
export const formatDateTime = (when: TWhen) => `${formatDate(when)} ${formatTime(when)}`;

/** Seconds → `H:MM:SS` (a session's length). */
export const formatDuration = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};
