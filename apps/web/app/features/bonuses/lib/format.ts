/** Money and times as spec §9 shows them: 2 decimals with thousands commas and the symbol; dd.mm.yyyy H:mm. */
import { formatMoney, toCents } from '@casino/contracts/money';

export const money = (major: number, currency = 'USD') => formatMoney(toCents(major.toFixed(2)), currency);

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time → `dd.mm.yyyy H:mm` in the browser's time zone. */
export const dateTime = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${d.getHours()}:${pad(d.getMinutes())}`;
};
