/**
 * The fraud-detection and attribution hit (spec §7, §9): 3 s after start, `GET /hit` as an image with the
 * referer, the landing path, the landing page's tracking params and, when is_seon_enabled, the SEON session.
 */
export const HIT_DELAY_MS = 3_000;

/** Query params that attribute a visit (utm_* and the click and affiliate ids); others never leave the page. */
const TRACKING =
  /^(utm_[a-z_]+|gclid|fbclid|yclid|msclkid|ttclid|click_id|clickid|affiliate_id|aff_id|sub_id|subid|btag|ref|promo)$/i;

export const hitUrl = (landing: URL, referrer: string, seonSession: string | null) => {
  const query = new URLSearchParams();
  query.set('referer', referrer);
  // the path alone: the first touch records where a visitor landed, never the query beyond tracking params
  query.set('landing', landing.pathname.slice(0, 512));
  for (const [key, value] of landing.searchParams)
    if (TRACKING.test(key)) query.append(key, value.slice(0, 512));
  if (seonSession) query.set('seon_session', seonSession);
  return `/hit?${query}`;
};

/** SEON's device fingerprint (its agent script sets `window.seon`); null when it is not there. */
export const seonSession = async (w: Window): Promise<string | null> => {
  const seon = (w as unknown as { seon?: { getBase64Session?: () => Promise<string> | string } }).seon;
  if (!seon?.getBase64Session) return null;
  try {
    return (await seon.getBase64Session()) || null;
  } catch {
    return null;
  }
};

export const scheduleHit = (
  w: Window,
  options: { seonEnabled: boolean; landing?: URL; referrer?: string },
): (() => void) => {
  const landing = options.landing ?? new URL(w.location.href);
  const referrer = options.referrer ?? w.document.referrer;
  const id = w.setTimeout(async () => {
    const session = options.seonEnabled ? await seonSession(w) : null;
    const image = new (w as Window & typeof globalThis).Image(1, 1);
    image.src = hitUrl(landing, referrer, session);
  }, HIT_DELAY_MS);
  return () => w.clearTimeout(id);
};
