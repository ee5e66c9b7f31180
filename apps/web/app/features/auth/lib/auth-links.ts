/**
 * Where the popup leads and what it remembers: the popup query flags of spec §2, the embedding frame's
 * messages, the social sign-in window and the locally stored promo code, betting choice and back URL.
 */
import { safeReturnUrl } from '@casino/contracts/return-url';
import { paths } from '../../../config/paths.ts';

export const QUERY_REG = 'show_popup_reg';
export const QUERY_AUTH = 'show_popup_auth';
export const QUERY_PREVENT_CLOSE = 'prevent_close';
export const STORAGE_REG_FLAG = 'show_popup_reg';
export const STORAGE_PROMO_CODE = 'promo_code';
export const STORAGE_BETTING = 'registration_is_betting';
export const STORAGE_SOCIAL_BACK_URL = 'social_auth_back_url';

export const SOCIAL_POPUP = { width: 640, height: 480 };

const storage = () => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};
export const readStored = (key: string) => storage()?.getItem(key) ?? null;
export const writeStored = (key: string, value: string) => storage()?.setItem(key, value);
export const removeStored = (key: string) => storage()?.removeItem(key);

/**
 * Spec §3 Promo code form: a `?promo_code` of the URL is kept in local storage, so it survives the visitor's
 * browsing until they sign up or sign in (the form prefills from it; the stored code is activated after).
 */
export const rememberPromoFromQuery = (search: string) => {
  const code = new URLSearchParams(search).get('promo_code')?.trim() ?? '';
  if (code !== '') writeStored(STORAGE_PROMO_CODE, code.slice(0, 64));
};

/** The flags of a URL's query string that open the popup, and whether it must be non-closable. */
export const readPopupFlags = (search: string) => {
  const query = new URLSearchParams(search);
  const view =
    query.get(QUERY_REG) === '1' ? 'registration' : query.get(QUERY_AUTH) === '1' ? 'authorization' : null;
  return { view, preventClose: query.get(QUERY_PREVENT_CLOSE) === '1' } as const;
};

/** The same search string without the popup flags (spec §2: removed from the URL on close). */
export const withoutPopupFlags = (search: string): string => {
  const query = new URLSearchParams(search);
  for (const key of [QUERY_REG, QUERY_AUTH, QUERY_PREVENT_CLOSE]) query.delete(key);
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const isEmbeddedFormPath = (pathname: string) =>
  pathname.endsWith(paths.forms.signIn) || pathname.endsWith(paths.forms.signUp);

export const isInFrame = () => {
  try {
    return typeof window !== 'undefined' && window.self !== window.top;
  } catch {
    return true;
  }
};

/** Tells the parent window (the main site around the embedding frame) to reload the user. */
export const postRefreshUser = () => {
  if (isInFrame()) window.parent.postMessage({ type: 'refresh_user' }, '*');
};

/** Inside the frame a social click cannot open its window: the main site is asked to open registration. */
export const postSocialRedirect = (backUrl: string) => {
  const url = `${paths.home}?${QUERY_REG}=1&backUrl=${encodeURIComponent(backUrl)}`;
  window.parent.postMessage({ type: 'redirect', url, [QUERY_REG]: 1, backUrl }, '*');
};

export const oauthUrl = (
  service: string,
  redirectUrl: string,
  typeAuth: 'registration' | 'authorization',
  locale = '',
  /** The player ticked the terms (issue 41): the server makes a new account only then, while they are active. */
  termsAccepted = false,
) =>
  `/oauth/init?${new URLSearchParams({ service, redirect_url: redirectUrl, type_auth: typeAuth, ...(locale ? { locale } : {}), ...(termsAccepted ? { terms: '1' } : {}) })}`;

/**
 * Where the player goes back after a social sign-in (spec §2): a `backUrl` of the query (the embedded sign-up's
 * redirect brings one, and it may be another site), else this page. A path must be one of ours; another site's
 * address goes to the server as the sign-in's redirect_url, which takes it only from ALLOWED_RETURN_ORIGINS.
 */
export const socialBackUrl = (href: string) => {
  const url = new URL(href);
  const back = url.searchParams.get('backUrl');
  if (!back) return href;
  const isAbsolute = /^https?:\/\/[^/\\]/i.test(back);
  return isAbsolute || safeReturnUrl(back, { own: [url.origin], allowed: [] }) !== null ? back : href;
};

/**
 * Opens the provider's sign-in in a 640x480 window centred on the page. The back URL is kept under the social-auth
 * key (spec §2) and sent as the redirect_url, where the server checks it: the callback page follows only that.
 */
export const openSocialWindow = (
  service: string,
  typeAuth: 'registration' | 'authorization',
  termsAccepted = false,
) => {
  const backUrl = socialBackUrl(window.location.href);
  writeStored(STORAGE_SOCIAL_BACK_URL, backUrl);
  const { width, height } = SOCIAL_POPUP;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const url = oauthUrl(service, backUrl, typeAuth, document.documentElement.lang, termsAccepted);
  const popup = window.open(url, 'social-auth', `width=${width},height=${height},left=${left},top=${top}`);
  // A blocked popup: the sign-in runs in this window, and its callback page comes back here.
  if (!popup) window.location.assign(url);
  return popup;
};

/** After registration: the redirectUrl of the query when present, else the deposit page; with register=success. */
export const afterRegistrationTarget = (search: string, localised: (path: string) => string): string => {
  const redirectUrl = new URLSearchParams(search).get('redirectUrl') ?? '';
  // Only a path of ours: a tab, a backslash or a second slash after the first could lead to another site.
  const own = redirectUrl && safeReturnUrl(redirectUrl, { own: [], allowed: [] });
  const target = own || localised(paths.cashier.deposit);
  return `${target}${target.includes('?') ? '&' : '?'}register=success`;
};

/** The locale a signed-in player's index is in: the account's, when the site has it; else the page's (undefined). */
export const accountLocale = (locale: string | undefined, siteLocales: readonly string[]) =>
  locale && siteLocales.includes(locale) ? locale : undefined;
