/**
 * The sandbox provider's sign-in page (server-rendered, no script): the tester picks a ready-made identity or
 * types one, with or without a verified e-mail, and approves or denies. Sized for the 640×480 social popup.
 */
import type { TAuthorizeRequest } from './authorize-request.ts';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Ready-made identities: one with a verified e-mail, one without. */
export const SANDBOX_PRESETS = {
  ada: { email: 'ada@sandbox.test', name: 'Ada Lovelace', email_verified: true },
  ulla: { email: 'ulla@sandbox.test', name: 'Ulla Unverified', email_verified: false },
} as const;
export type TSandboxPreset = keyof typeof SANDBOX_PRESETS;

export const sandboxPage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Sandbox ID</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;background:#eef1f6;margin:0;color:#111827}
main{background:#fff;margin:16px auto;padding:18px 20px;border-radius:12px;max-width:440px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:4px 0 8px}p{margin:6px 0}small{color:#4b5563}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;color:#1d4ed8}
.brand span{display:inline-grid;place-items:center;width:26px;height:26px;border-radius:50%;background:#1d4ed8;color:#fff;font-size:14px}
.presets{display:grid;gap:8px;margin:10px 0}
.preset{display:flex;justify-content:space-between;align-items:center;width:100%;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;background:#f9fafb;font-size:15px;text-align:start;cursor:pointer}
.preset b{display:block}.tag{font-size:12px;padding:2px 8px;border-radius:99px;background:#dcfce7;color:#166534}
.tag.no{background:#fee2e2;color:#991b1b}
details{margin:8px 0;border-top:1px solid #e5e7eb;padding-top:8px}summary{cursor:pointer;font-size:14px;color:#1d4ed8}
label{display:block;margin:8px 0 4px;font-size:14px}input[type=email],input[type=text]{width:100%;padding:9px;font-size:15px;border:1px solid #d1d5db;border-radius:6px}
.check{display:flex;gap:8px;align-items:center}
button.primary{margin-top:10px;padding:10px;width:100%;font-size:15px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
button.deny{margin-top:8px;padding:8px;width:100%;font-size:14px;border:0;border-radius:8px;background:#e5e7eb;color:#111827;cursor:pointer}
.error{color:#b91c1c}</style></head>
<body><main><p class="brand"><span>S</span>Sandbox ID</p>${body}
<p><small>Test identity provider of this casino: no real account is used.</small></p></main></body></html>`;

const hidden = (request: TAuthorizeRequest) =>
  Object.entries({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');

export const authorizePage = (request: TAuthorizeRequest, error = '') => {
  const fields = hidden(request);
  const presets = Object.entries(SANDBOX_PRESETS)
    .map(
      ([
        id,
        p,
      ]) => `<button class="preset" type="submit" name="preset" value="${id}" data-testid="preset-${id}">
        <span><b>${escapeHtml(p.name)}</b><small>${escapeHtml(p.email)}</small></span>
        <span class="tag${p.email_verified ? '' : ' no'}">${p.email_verified ? 'e-mail verified' : 'e-mail not verified'}</span></button>`,
    )
    .join('');
  return sandboxPage(
    'Sign in',
    `<h1>Sign in to continue to the casino</h1>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="authorize">${fields}<div class="presets">${presets}</div></form>
    <details><summary>Use another identity</summary>
    <form method="post" action="authorize">${fields}
    <label for="email">E-mail</label><input id="email" name="email" type="email" required maxlength="254">
    <label for="name">Name</label><input id="name" name="name" type="text" maxlength="100">
    <label class="check"><input type="checkbox" name="email_verified" value="1" checked> The e-mail is verified</label>
    <button class="primary" type="submit" name="preset" value="custom">Continue</button></form></details>
    <form method="post" action="authorize">${fields}<button class="deny" type="submit" name="preset" value="deny">Cancel</button></form>`,
  );
};

export const errorPage = (message: string) =>
  sandboxPage(
    'Error',
    `<h1>Sign-in request refused</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
  );
