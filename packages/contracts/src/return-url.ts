/**
 * Return addresses a player is sent back to after leaving us (social sign-in's `redirect_url`, the site's
 * `backUrl`): a path of our own site, or an absolute http(s) URL whose origin is ours or on the operator's list
 * (ALLOWED_RETURN_ORIGINS). Anything a browser could resolve to another host is refused: `//host`, `/\host`,
 * a tab or newline a browser strips (`/<TAB>/host`), `https:host`, user-info (`https://ours@evil`), and the same
 * shapes percent-encoded. Shared by the server (social sign-in) and the site (its back and redirect URLs).
 */

export interface TReturnOrigins {
  /** Our own origins: the public address and the one the request reached us on. */
  own: readonly string[];
  /** The operator's other origins (ALLOWED_RETURN_ORIGINS). */
  allowed: readonly string[];
}

/** Characters that have no place in a return address: controls, spaces, backslashes and invisible characters. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\\]/u;
/** Browsers read `%5C` as `\` in some places and decode once more in others: the encoded shapes too. */
const MAX_DECODES = 3;

const originOf = (value: string): string | null => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/** The same text decoded again and again until it stops changing; null when a `%` sequence is malformed. */
const decodings = (value: string): string[] | null => {
  const forms = [value];
  let current = value;
  for (let i = 0; i < MAX_DECODES && current.includes('%'); i++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return null;
    }
    forms.push(current);
  }
  return forms;
};

const BASE = 'https://return-url.invalid';

/**
 * A path of ours: one `/` not followed by `/` or `\`, in every decoding of its path part (the query and the
 * fragment cannot change the host), and resolving on the base's own host.
 */
const isOwnPath = (value: string) => {
  const forms = decodings(value.split(/[?#]/, 1)[0] ?? '');
  if (!forms) return false;
  const isPath = (form: string) => form.startsWith('/') && !form.startsWith('//') && !UNSAFE.test(form);
  try {
    return forms.every(isPath) && new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
};

/**
 * The address to send the player to, or null when it may lead elsewhere. An empty value is the home page.
 * A path is answered as given; an absolute URL in its normal form (what the browser will read).
 */
export const safeReturnUrl = (value: string, origins: TReturnOrigins): string | null => {
  if (value === '') return '/';
  if (value.length > 2048 || UNSAFE.test(value)) return null;
  if (value.startsWith('/')) return isOwnPath(value) ? value : null;
  // An absolute address is written out in full: `https:host` and `https:/host` are other shapes of `//host`.
  if (!/^https?:\/\/[^/]/i.test(value)) return null;
  // User-info (`https://ours@evil.example`, `https://evil@ours`) only ever serves to mislead.
  const authority = value.slice(value.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const accepted = new Set([...origins.own, ...origins.allowed].map(originOf).filter((o) => o !== null));
  return accepted.has(url.origin) ? url.href : null;
};
