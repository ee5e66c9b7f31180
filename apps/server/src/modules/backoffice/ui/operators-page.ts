/** Operators and roles (admin only): each operator's role and status, resets, a new operator; what each role may do. */

import { PERMISSIONS, ROLE_NAMES, ROLE_PERMISSIONS } from '../permissions.ts';
import { OPERATOR_ROLES, type TOperatorRole } from '../schema.ts';
import { badge, time } from './format.ts';
import { html } from './html.ts';
import { csrfField } from './layout.ts';

export interface TOperatorRow {
  id: number;
  email: string;
  name: string;
  role: TOperatorRole;
  status: 'active' | 'disabled';
  lastLoginAt: Date | null;
  totpConfirmedAt: Date | null;
}

const roleForm = (
  o: TOperatorRow,
  csrf: string,
) => html`<form method="post" action="/admin/operators/${o.id}/role" class="inline">${csrfField(csrf)}
  <label class="visually-hidden" for="role-${o.id}">Role of ${o.email}</label>
  <select id="role-${o.id}" name="role">${OPERATOR_ROLES.map((r) => html`<option value="${r}" ${r === o.role ? html`selected` : ''}>${ROLE_NAMES[r]}</option>`)}</select>
  <button class="btn btn-secondary btn-sm" type="submit">Change</button>
</form>`;

const resetForms = (
  o: TOperatorRow,
  csrf: string,
) => html`<details class="inline"><summary class="btn btn-ghost btn-sm">Reset…</summary>
  <form method="post" action="/admin/operators/${o.id}/reset-password" class="inline">${csrfField(csrf)}<button class="btn btn-secondary btn-sm" type="submit">New password</button></form>
  <form method="post" action="/admin/operators/${o.id}/reset-totp" class="inline">${csrfField(csrf)}<button class="btn btn-secondary btn-sm" type="submit">New TOTP</button></form>
  <p class="hint">Either ends the operator’s sessions. A new password is shown to you once; a new TOTP is enrolled at their next sign-in.</p>
</details>`;

const createForm = (
  csrf: string,
) => html`<section class="panel" aria-labelledby="new-operator-title"><h2 id="new-operator-title">New operator</h2>
<form method="post" action="/admin/operators" class="filters">${csrfField(csrf)}
  <div class="field"><label for="new-email">E-mail</label><input id="new-email" name="email" type="email" required maxlength="254" autocomplete="off"></div>
  <div class="field"><label for="new-name">Name</label><input id="new-name" name="name" maxlength="100" autocomplete="off"></div>
  <div class="field"><label for="new-role">Role</label><select id="new-role" name="role">${OPERATOR_ROLES.map((r) => html`<option value="${r}" ${r === 'support' ? html`selected` : ''}>${ROLE_NAMES[r]}</option>`)}</select></div>
  <button class="btn btn-primary" type="submit">Create operator</button>
</form>
<p class="hint">A password is made for them and shown to you once; they set up their authenticator at their first sign-in.</p></section>`;

/** The page that shows a new password once (after a creation or a reset): never in a link, never stored in clear. */
export const oneTimePasswordBody = (input: {
  email: string;
  password: string | null;
  what: 'created' | 'password' | 'totp';
}) => html`<div class="page-head"><div>
<p class="sub"><a href="/admin/operators">Operators</a></p>
<h1>${input.what === 'created' ? 'Operator created' : input.what === 'password' ? 'Password reset' : 'TOTP reset'}</h1></div></div>
<section class="panel" aria-label="What to hand over">
${
  input.password
    ? html`<p>Hand this password to <strong>${input.email}</strong> over a safe channel. It is shown this once.</p>
<p><code class="secret" data-password>${input.password}</code></p>`
    : html`<p><strong>${input.email}</strong> sets up a new authenticator at their next sign-in (password, then the enrolment page).</p>`
}
${input.what === 'created' ? html`<p class="muted">At their first sign-in they scan the TOTP key on the enrolment page and confirm it with a code.</p>` : ''}
<p><a class="btn btn-secondary" href="/admin/operators">Back to operators</a></p>
</section>`;

const statusForm = (
  o: TOperatorRow,
  csrf: string,
) => html`<form method="post" action="/admin/operators/${o.id}/status" class="inline">${csrfField(csrf)}
  <input type="hidden" name="status" value="${o.status === 'active' ? 'disabled' : 'active'}">
  <button class="btn ${o.status === 'active' ? 'btn-danger' : 'btn-secondary'} btn-sm" type="submit">${o.status === 'active' ? 'Disable' : 'Enable'}</button>
</form>`;

export const operatorsBody = (input: {
  rows: TOperatorRow[];
  selfId: number;
  csrf: string;
}) => html`<div class="page-head"><div><h1>Operators</h1>
<p class="sub">Roles and access. A change applies to the operator’s open sessions at once and is in the audit log with its before and after.</p></div></div>
<section class="panel"><div class="table-wrap"><table>
<thead><tr><th scope="col">Operator</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Last sign-in</th><th scope="col">Access</th></tr></thead>
<tbody>${input.rows.map(
  (
    o,
  ) => html`<tr data-operator="${o.id}"><th scope="row">${o.email}${o.name ? html` <span class="muted">${o.name}</span>` : ''}${o.totpConfirmedAt ? '' : html` ${badge('TOTP not enrolled', 'warn')}`}</th>
  <td>${o.id === input.selfId ? ROLE_NAMES[o.role] : roleForm(o, input.csrf)}</td>
  <td>${badge(o.status, o.status === 'active' ? 'good' : 'bad')}</td><td>${time(o.lastLoginAt)}</td>
  <td>${o.id === input.selfId ? html`<span class="muted">you</span>` : html`${statusForm(o, input.csrf)} ${resetForms(o, input.csrf)}`}</td></tr>`,
)}</tbody></table></div>
<p class="muted">The first admin is created with <code>npm run admin:create -- --email … --role admin</code>; the rest here.</p></section>
${createForm(input.csrf)}
<section class="panel" aria-labelledby="matrix-title"><h2 id="matrix-title">What each role may do</h2>
<div class="table-wrap"><table class="matrix"><thead><tr><th scope="col">Permission</th>${OPERATOR_ROLES.map((r) => html`<th scope="col">${ROLE_NAMES[r]}</th>`)}</tr></thead>
<tbody>${PERMISSIONS.map(
  (p) =>
    html`<tr><th scope="row"><code>${p}</code></th>${OPERATOR_ROLES.map((r) =>
      ROLE_PERMISSIONS[r].includes(p) ? html`<td>✓</td>` : html`<td class="muted">—</td>`,
    )}</tr>`,
)}</tbody></table></div></section>`;
