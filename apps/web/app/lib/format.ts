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

/**
 * Whose clock a date or time is read on: the player's (the browser's time zone), or UTC — the zone of the server's
 * HTML and of the browser's hydration of it (`<DateTime>`, lib/date-time.tsx), so the two give the same text.
 */
export type TZone = 'player' | 'utc';

const parts = (d: Date, zone: TZone) =>
  zone === 'utc'
    ? {
        day: d.getUTCDate(),
        month: d.getUTCMonth(),
        year: d.getUTCFullYear(),
        h: d.getUTCHours(),
        m: d.getUTCMinutes(),
      }
    : { day: d.getDate(), month: d.getMonth(), year: d.getFullYear(), h: d.getHours(), m: d.getMinutes() };

/** `dd.mm.yyyy` */
export const formatDate = (when: TWhen, zone: TZone = 'player') => {
  const { day, month, year } = parts(toDate(when), zone);
  return `${pad(day)}.${pad(month + 1)}.${year}`;
};

/** `H:mm` */
export const formatTime = (when: TWhen, zone: TZone = 'player') => {
  const { h, m } = parts(toDate(when), zone);
  return `${h}:${pad(m)}`;
};

/** `dd.mm.yyyy H:mm` */
export const formatDateTime = (when: TWhen, zone: TZone = 'player') =>
  `${formatDate(when, zone)} ${formatTime(when, zone)}`;

/** Seconds → `H:MM:SS` (a session's length). */
export const formatDuration = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};
