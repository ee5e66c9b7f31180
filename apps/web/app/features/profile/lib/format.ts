/** Money and times as spec §9 shows them: 2 decimals with thousands commas, dd.mm.yyyy and H:mm. */
import { formatMoney, toCents } from '@casino/contracts/money';

export const money = (major: number | null | undefined, currency = 'USD') =>
  major === null || major === undefined ? '—' : formatMoney(toCents(major.toFixed(2)), currency);

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → `dd.mm.yyyy H:mm` in the browser's time zone. */
export const dateTime = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${d.getHours()}:${pad(d.getMinutes())}`;
};

export const isoDateTime = (iso: string) => dateTime(Math.floor(Date.parse(iso) / 1000));

/** Seconds → `H:MM:SS` for the session timer. */
export const duration = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};
