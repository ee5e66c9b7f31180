/** Operators and roles: each operator's role and status (admin only), and what each role may do. */

import { PERMISSIONS, ROLE_NAMES, ROLE_PERMISSIONS } from '../permissions.ts';
import { OPERATOR_ROLES, type TOperatorRole } from '../schema.ts';
import { badge, time } from './format.ts';
import { html } from './html.ts';
import { csrfField } from './layout.ts';

export interface TOperatorRow {
  id: number;
  email: string;
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
  ) => html`<tr data-operator="${o.id}"><th scope="row">${o.email}${o.totpConfirmedAt ? '' : html` ${badge('TOTP not enrolled', 'warn')}`}</th>
  <td>${o.id === input.selfId ? ROLE_NAMES[o.role] : roleForm(o, input.csrf)}</td>
  <td>${badge(o.status, o.status === 'active' ? 'good' : 'bad')}</td><td>${time(o.lastLoginAt)}</td>
  <td>${o.id === input.selfId ? html`<span class="muted">you</span>` : statusForm(o, input.csrf)}</td></tr>`,
)}</tbody></table></div>
<p class="muted">New operators are created with <code>npm run admin:create -- --email … --role …</code>.</p></section>
<section class="panel" aria-labelledby="matrix-title"><h2 id="matrix-title">What each role may do</h2>
<div class="table-wrap"><table class="matrix"><thead><tr><th scope="col">Permission</th>${OPERATOR_ROLES.map((r) => html`<th scope="col">${ROLE_NAMES[r]}</th>`)}</tr></thead>
<tbody>${PERMISSIONS.map(
  (p) =>
    html`<tr><th scope="row"><code>${p}</code></th>${OPERATOR_ROLES.map((r) =>
      ROLE_PERMISSIONS[r].includes(p) ? html`<td>✓</td>` : html`<td class="muted">—</td>`,
    )}</tr>`,
)}</tbody></table></div></section>`;
