/**
 * What an error report may carry (docs/decisions/062): the server's and the site's Sentry `beforeSend` pass every
 * event through `scrubErrorReport` before it leaves. Whatever part of the event a value sits in (request, user,
 * extra, contexts, breadcrumbs, the exception's message), personal data and credentials are taken out:
 * - cookies, authorization and signature headers, forwarded addresses, request bodies: removed;
 * - the user: only its id is kept (no e-mail, IP address or name);
 * - fields named like a secret (password, token, secret, session, authorization, cookie…): `[redacted]`;
 * - in every text: e-mail addresses `[email]`, IP addresses `[ip]`, a URL's secret-looking query values `[redacted]`.
 */

export const SCRUBBED = '[redacted]';

/** Field names whose value is a credential or personal: removed or redacted wherever they appear. */
const SECRET_FIELD =
  /pass(word)?|token|secret|session|cookie|authorization|signature|api[-_]?key|otp|totp|jwt|csrf|iban|card|cvc|cvv/i;
/** Query parameters whose value may be a credential (the server's log redaction uses the same rule). */
const SECRET_PARAM = /pass|token|secret|session|sig|otp|code|key|auth|nonce|state|ticket|hash|jwt|sid|email/i;
/** Headers an event never carries. */
const DROPPED_HEADERS =
  /^(cookie|set-cookie|authorization|proxy-authorization|x-forwarded-for|x-real-ip|forwarded|cf-connecting-ip|true-client-ip|x-.*-signature|x-.*-token)$/i;

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const IPV4 = /\b(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}\b/g;
/** An IPv6 address written in full, or compressed (`2001:db8::8a2e:370:7334`); never a time (`12:30:45`). */
const IPV6 = /\b(?:(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){1,6}(?::[0-9a-f]{1,4}){1,6})\b/gi;
/** `name=value` in a query string (of a URL or on its own) or in a sentence (`(password=…)`). */
const QUERY_PAIR = /([?&;\s(,]|^)([^=&?#\s(),;]+)=([^&#\s(),;"']*)/g;

/** A text with e-mails, IP addresses and the values of secret-looking query parameters masked. */
export const scrubText = (text: string): string =>
  text
    .replace(QUERY_PAIR, (whole, lead: string, name: string) => {
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* matched as sent */
      }
      return SECRET_PARAM.test(decoded) ? `${lead}${name}=${SCRUBBED}` : whole;
    })
    .replace(EMAIL, '[email]')
    .replace(IPV4, '[ip]')
    .replace(IPV6, '[ip]');

const scrubValue = (value: unknown, depth: number): unknown => {
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_FIELD.test(key)) {
      if (v !== undefined && v !== null) out[key] = SCRUBBED;
      continue;
    }
    out[key] = scrubValue(v, depth + 1);
  }
  return out;
};

/** The event parts handled specially (Sentry's event, either SDK). */
export interface TScrubbable {
  request?: { headers?: Record<string, string>; cookies?: unknown; data?: unknown; env?: unknown };
  user?: { id?: unknown } | null;
  server_name?: string;
}

/** The event with personal data and credentials taken out (see the file's comment); never throws. */
export const scrubErrorReport = <E extends TScrubbable>(event: E): E => {
  const copy: TScrubbable = { ...event };
  if (copy.request) {
    const { cookies: _c, data: _d, env: _e, headers, ...rest } = copy.request;
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {}))
      if (!DROPPED_HEADERS.test(name)) kept[name] = value;
    copy.request = { ...rest, headers: kept };
  }
  if (copy.user) copy.user = copy.user.id === undefined ? undefined : { id: copy.user.id };
  // The machine's name may be a person's (a laptop): not needed to find a bug.
  delete copy.server_name;
  return scrubValue(copy, 0) as E;
};
