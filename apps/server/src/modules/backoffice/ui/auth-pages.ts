/** The sign-in pages: e-mail and password, the code, and the first-time TOTP enrolment. */

import { html } from './html.ts';
import { authPage, csrfField, flashBox, type TFlash } from './layout.ts';

export const loginPage = (input: { email?: string; flash?: TFlash | null }) =>
  authPage(
    'Sign in',
    html`<h1>Back-office</h1>
<p class="sub">Operators only. Every action is recorded.</p>
${flashBox(input.flash)}
<form method="post" action="/admin/login" novalidate>
  <div class="field">
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${input.email ?? ''}" autofocus>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
  </div>
  <button class="btn btn-primary" type="submit">Continue</button>
</form>`,
  );

const codeField = html`<div class="field">
    <label for="code">6-digit code from your authenticator app</label>
    <input id="code" name="code" class="code-input" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required autofocus>
  </div>`;

export const codePage = (input: { email: string; csrf: string; flash?: TFlash | null }) =>
  authPage(
    'Two-factor code',
    html`<h1>Two-factor code</h1>
<p class="sub">Signed in as <strong>${input.email}</strong>. Enter the code your authenticator shows now.</p>
${flashBox(input.flash)}
<form method="post" action="/admin/login/code">
  ${csrfField(input.csrf)}
  ${codeField}
  <button class="btn btn-primary" type="submit">Sign in</button>
</form>
<form method="post" action="/admin/logout">${csrfField(input.csrf)}<button class="btn btn-secondary" type="submit">Use another account</button></form>`,
  );

export const enrolPage = (input: {
  email: string;
  csrf: string;
  qr: string;
  secret: string;
  flash?: TFlash | null;
}) =>
  authPage(
    'Set up two-factor sign-in',
    html`<h1>Set up two-factor sign-in</h1>
<p class="sub">Two-factor sign-in is required for <strong>${input.email}</strong>. Scan the code with an authenticator app (1Password, Google Authenticator, Authy…), then enter the code it shows.</p>
${flashBox(input.flash)}
<img class="qr" src="${input.qr}" alt="QR code for your authenticator app">
<p class="hint" id="secret-hint">Cannot scan? Enter this key by hand:</p>
<p class="secret" aria-describedby="secret-hint">${input.secret.replace(/(.{4})/g, '$1 ').trim()}</p>
<form method="post" action="/admin/enrol">
  ${csrfField(input.csrf)}
  ${codeField}
  <button class="btn btn-primary" type="submit">Confirm and sign in</button>
</form>`,
  );

export const errorPage = (status: number, title: string, message: string) =>
  authPage(
    title,
    html`<h1>${title}</h1><p class="sub">${message}</p><p><a class="btn btn-secondary" href="/admin">Back to the back-office</a></p><p class="muted">Error ${status}</p>`,
  );
