/** The games search dialog's recent searches, newest first, kept in local storage (at most 6). */
export const RECENT_KEY = 'games_recent_searches';
export const RECENT_LIMIT = 6;

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export const readRecent = (): string[] => {
  try {
    const value = JSON.parse(storage()?.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, RECENT_LIMIT)
      : [];
  } catch {
    return [];
  }
};

/** Adds a search in front (case-insensitively unique); blank or one-letter searches are not kept. */
export const pushRecent = (query: string, current = readRecent()): string[] => {
  const q = query.trim();
  if (q.length < 2) return current;
  const next = [q, ...current.filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_LIMIT);
  storage()?.setItem(RECENT_KEY, JSON.stringify(next));
  return next;
};

export const clearRecent = () => storage()?.removeItem(RECENT_KEY);
