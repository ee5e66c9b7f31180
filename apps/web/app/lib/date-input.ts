/**
 * Date inputs as spec §9 shows dates, dd.mm.yyyy in every locale (a native date input follows the browser's
 * locale instead, mm/dd/yyyy beside tables in dd.mm.yyyy). The filters send ISO yyyy-mm-dd.
 */

/** What the player typed, reduced to digits and dotted as they go: `2511` → `25.11`. */
export const dotDate = (typed: string) => {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
};

/** `25.11.2026` → `2026-11-25`; null while incomplete or when no such day exists. */
export const dottedToIso = (dotted: string): string | null => {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(dotted);
  if (!match) return null;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const real =
    date.getUTCFullYear() === Number(yyyy) &&
    date.getUTCMonth() === Number(mm) - 1 &&
    date.getUTCDate() === Number(dd);
  return real && Number(yyyy) >= 1900 ? `${yyyy}-${mm}-${dd}` : null;
};

export const isoToDotted = (iso: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
};
