/**
 * The pages the social sign-in popup shows on our side: the result of the callback. On success the page sends
 * the opener back to the page the player came from (the redirect_url of the request, which the site sets to its
 * back URL) and closes itself; without an opener it goes there itself.
 * Its script carries the response's CSP nonce (docs/decisions/009-csp-nonce.md).
 */
import { t } from '../i18n/index.ts';

/** Must equal the site's STORAGE_SOCIAL_BACK_URL (apps/web/app/features/auth/lib/auth-links.ts). */
export const SOCIAL_BACK_URL_KEY = 'social_auth_back_url';

export type TSocialError =
  | 'expired'
  | 'cancelled'
  | 'failed'
  | 'unavailable'
  | 'badRequest'
  | 'emailUnconfirmed'
  | 'termsRequired'
  | 'twoFactor'
  | 'blocked'
  | 'tooMany';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/** JSON for an inline script: `<`, `>` and `&` escaped so no string can close the script. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

const page = (locale: string, nonce: string, title: string, body: string, script: string) => `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="${RTL.has(locale.slice(0, 2)) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1220;color:#e8eaf2;font:16px/1.5 system-ui,sans-serif}
main{max-width:420px;margin:16px;padding:24px;border-radius:14px;background:#181c2e;text-align:center;box-shadow:0 8px 30px #0006}
h1{font-size:20px;margin:0 0 8px}p{margin:8px 0;color:#c4c8d6}
a,button{display:inline-block;margin-top:14px;padding:10px 18px;border:0;border-radius:10px;background:#f5b400;color:#111;font:600 15px system-ui,sans-serif;text-decoration:none;cursor:pointer}</style>
</head><body><main>${body}</main><script nonce="${escapeHtml(nonce)}">${script}</script></body></html>`;

/**
 * `returnUrl` was checked when the sign-in started (safeReturnUrl of @casino/contracts/return-url). The back URL
 * the site stored is only cleared, never followed: nothing here could check it (the site sends it as redirect_url).
 */
export const successPage = (locale: string, nonce: string, returnUrl: string) => {
  const script = `(function(){try{localStorage.removeItem(${scriptJson(SOCIAL_BACK_URL_KEY)});}catch(e){}
var target=${scriptJson(returnUrl)};document.getElementById('continue').setAttribute('href',target);
try{if(window.opener&&!window.opener.closed&&window.opener.location.origin===location.origin){window.opener.location.assign(target);window.close();return;}}catch(e){}
location.replace(target);})();`;
  return page(
    locale,
    nonce,
    t(locale, 'social.callback.title'),
    `<h1>${escapeHtml(t(locale, 'social.callback.signedIn'))}</h1>
    <p>${escapeHtml(t(locale, 'social.callback.closing'))}</p>
    <a id="continue" href="${escapeHtml(returnUrl)}">${escapeHtml(t(locale, 'social.callback.continue'))}</a>`,
    script,
  );
};

export const errorPage = (locale: string, nonce: string, error: TSocialError) =>
  page(
    locale,
    nonce,
    t(locale, 'social.callback.errorTitle'),
    `<h1>${escapeHtml(t(locale, 'social.callback.errorTitle'))}</h1>
    <p role="alert" data-error="${error}">${escapeHtml(t(locale, `social.errors.${error}`))}</p>
    <button id="close" type="button">${escapeHtml(t(locale, 'social.callback.close'))}</button>`,
    `document.getElementById('close').addEventListener('click',function(){window.close();if(!window.closed)location.href='/';});`,
  );
