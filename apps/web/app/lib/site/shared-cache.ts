/**
 * What every visitor of a locale gets alike — the locale list, the cms config with the public metadata, the
 * general info, the messages of a page — is read once per SHARED_TTL_MS by this server process instead of on
 * each page render (five in-process API calls and their JSON for every document). An operator's change shows
 * on the site within that time, as the routes' own `cache-control: public, max-age=60` already allows.
 * A load that fails (undefined) is not kept: the next render asks again.
 */
export const SHARED_TTL_MS = 10_000;
const MAX_ENTRIES = 200;

const entries = new Map<string, { at: number; value: Promise<unknown> }>();

export const sharedValue = <T>(
  key: string,
  load: () => Promise<T | undefined>,
  now = Date.now(),
): Promise<T | undefined> => {
  const hit = entries.get(key);
  if (hit && now - hit.at < SHARED_TTL_MS) return hit.value as Promise<T | undefined>;
  const value = load().then(
    (result) => {
      if (result === undefined && entries.get(key)?.value === value) entries.delete(key);
      return result;
    },
    (error: unknown) => {
      if (entries.get(key)?.value === value) entries.delete(key);
      throw error;
    },
  );
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, { at: now, value });
  return value;
};

/** Forgets everything (tests). */
export const clearSharedValues = () => entries.clear();

let seenVersion: number | undefined;

/**
 * The host's settings version (apps/server/src/platform/page-cache.ts): when an operator's change moves it, what
 * was read before goes, so the page rendered next (and kept by the host) shows the change.
 */
export const followSettingsVersion = (version: number | undefined) => {
  if (version === undefined || version === seenVersion) return;
  if (seenVersion !== undefined) entries.clear();
  seenVersion = version;
};
