/** Site settings: the list of sections, and one section's form (flags, fields, JSON or the redirects table). */
import type { TRedirect } from '@casino/contracts/calls/metadata';
import { badge, csrfField, dateTime, html } from '../../backoffice/index.ts';
import { chatFormBody } from './chat-form.ts';
import { robotsFormBody } from './robots-form.ts';
import { seoFormBody } from './seo-form.ts';
import type { TSettingsSection } from './settings-sections.ts';

export const settingsIndexBody = (input: {
  sections: (TSettingsSection & { canEdit: boolean; editedAt: Date | null })[];
}) => html`<div class="page-head"><div><h1>Site settings</h1>
<p class="sub">What content/ seeded, now kept in the database. A saved change reaches every server within 10 seconds; a restart never overwrites it.</p></div></div>
<section class="panel"><div class="table-wrap"><table>
<thead><tr><th scope="col">Section</th><th scope="col">What</th><th scope="col">Last edited</th><th scope="col">You may</th></tr></thead>
<tbody>${input.sections.map(
  (s) => html`<tr><th scope="row"><a href="/admin/settings/${s.id}">${s.title}</a></th><td>${s.help}</td>
  <td class="nowrap">${s.editedAt ? dateTime(s.editedAt) : html`<span class="muted">as seeded</span>`}</td>
  <td>${s.canEdit ? badge('edit', 'good') : badge('read')}</td></tr>`,
)}</tbody></table></div></section>`;

export interface TSectionPageInput {
  section: TSettingsSection;
  part: unknown;
  /** What the operator sent when it was refused (shown again with the problems). */
  draft?: string | null;
  problems: string[];
  canEdit: boolean;
  csrf: string;
  asJson: boolean;
  test?: { path: string; result: { rule: number; target: string } | null } | null;
  /** The number of redirects a save of no rows would remove, when the operator is asked to confirm it. */
  confirmClear?: number | null;
}

const label = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replaceAll('_', ' ');

const flagsForm = (
  part: Record<string, unknown>,
  disabled: boolean,
) => html`<fieldset class="flags" ${disabled ? html`disabled` : ''}>
<legend class="visually-hidden">Flags</legend>
${Object.entries(part)
  .filter(([, v]) => typeof v === 'boolean')
  .map(
    ([key, v]) =>
      html`<label class="check"><input type="checkbox" name="${key}" value="1" ${v ? html`checked` : ''}> <span><strong>${label(key)}</strong> <code>${key}</code></span></label>`,
  )}
</fieldset>`;

const fieldsForm = (part: Record<string, unknown>, disabled: boolean) => html`<div class="form-grid">
${Object.entries(part).map(([key, v]) => {
  const id = `s-${key}`;
  if (typeof v === 'boolean')
    return html`<label class="check"><input type="checkbox" name="${key}" value="1" ${v ? html`checked` : ''} ${disabled ? html`disabled` : ''}> <span>${label(key)} <code>${key}</code></span></label>`;
  if (typeof v === 'number')
    return html`<div class="field"><label for="${id}">${label(key)} <code>${key}</code></label><input id="${id}" name="${key}" inputmode="numeric" value="${v}" ${disabled ? html`disabled` : ''}></div>`;
  if (typeof v === 'string')
    return html`<div class="field"><label for="${id}">${label(key)} <code>${key}</code></label><input id="${id}" name="${key}" value="${v}" ${disabled ? html`disabled` : ''}></div>`;
  return html`<div class="field"><span class="label">${label(key)} <code>${key}</code></span><code class="mono">${JSON.stringify(v)}</code> <span class="muted">(edit as JSON)</span></div>`;
})}
</div>`;

const jsonForm = (
  text: string,
  disabled: boolean,
) => html`<div class="field"><label for="s-json">Value (JSON)</label>
<textarea id="s-json" name="json" rows="${Math.min(40, Math.max(8, text.split('\n').length + 1))}" class="mono" spellcheck="false" ${disabled ? html`readonly` : ''}>${text}</textarea></div>`;

const redirectsForm = (rows: TRedirect[], disabled: boolean) => html`<div class="table-wrap"><table>
<thead><tr><th scope="col">#</th><th scope="col">From (path)</th><th scope="col">To (path or address)</th></tr></thead>
<tbody>${[
  ...rows,
  ...(disabled
    ? []
    : [
        { from_url: '', to_url: '' },
        { from_url: '', to_url: '' },
        { from_url: '', to_url: '' },
      ]),
].map(
  (r, i) => html`<tr><td class="num">${i + 1}</td>
  <td><label class="visually-hidden" for="from-${i}">From ${i + 1}</label><input id="from-${i}" name="from_url" value="${r.from_url}" placeholder="/old-path/*" ${disabled ? html`readonly` : ''}></td>
  <td><label class="visually-hidden" for="to-${i}">To ${i + 1}</label><input id="to-${i}" name="to_url" value="${r.to_url}" placeholder="/new-path/*" ${disabled ? html`readonly` : ''}></td></tr>`,
)}</tbody></table></div>
<p class="muted">Rows are tried in order; the first match wins. Empty both fields of a row to remove it.</p>`;

const tester = (input: TSectionPageInput) => html`<section class="panel" aria-labelledby="tester-title">
<h2 id="tester-title">Test a path</h2>
<form method="get" action="/admin/settings/redirects" class="filters" role="search">
  <div class="field"><label for="t-path">Path</label><input id="t-path" name="test" value="${input.test?.path ?? ''}" placeholder="/casino" required></div>
  <button class="btn btn-secondary" type="submit">Where does it go?</button>
</form>
${
  input.test
    ? html`<p class="tester-result" role="status">${
        input.test.result
          ? html`<code>${input.test.path}</code> → <strong><code>${input.test.result.target}</code></strong> <span class="muted">(row ${input.test.result.rule + 1})</span>`
          : html`<code>${input.test.path}</code> → no redirect: the site serves the page itself.`
      }</p>`
    : ''
}
</section>`;

export const settingsSectionBody = (input: TSectionPageInput) => {
  const { section } = input;
  const disabled = !input.canEdit;
  const part = input.part as Record<string, unknown>;
  const form = input.asJson || section.form === 'json' ? 'json' : section.form;
  const json = input.draft ?? JSON.stringify(input.part, null, 2);
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/settings">Site settings</a> / ${section.title}</p>
<h1>${section.title}</h1><p class="sub">${section.help}</p></div>
${section.form !== 'json' ? html`<a class="btn btn-secondary btn-sm" href="/admin/settings/${section.id}${input.asJson ? '' : '?as=json'}">${input.asJson ? 'Edit as a form' : 'Edit as JSON'}</a>` : ''}</div>
${
  input.problems.length
    ? html`<div class="flash flash-error" role="alert"><strong>Not saved:</strong><ul>${input.problems.map((p) => html`<li>${p}</li>`)}</ul></div>`
    : ''
}
${disabled ? html`<p class="flash flash-ok" role="status">Your role may read these settings, not change them.</p>` : ''}
<section class="panel">
<form method="post" action="/admin/settings/${section.id}">${csrfField(input.csrf)}
  <input type="hidden" name="_form" value="${form}">
  ${
    form === 'flags'
      ? flagsForm(part, disabled)
      : form === 'fields'
        ? fieldsForm(part, disabled)
        : form === 'redirects'
          ? redirectsForm(input.part as TRedirect[], disabled)
          : form === 'seo'
            ? seoFormBody(input.part, disabled)
            : form === 'chat'
              ? chatFormBody(input.part, disabled)
              : form === 'robots'
                ? robotsFormBody(input.part, disabled)
                : jsonForm(json, disabled)
  }
  ${
    input.confirmClear
      ? html`<label class="check"><input type="checkbox" name="confirm_clear" value="1" required> <span>Remove every redirect (${input.confirmClear}): old addresses then open their own pages or a 404</span></label>`
      : ''
  }
  ${disabled ? '' : html`<div class="actions"><button class="btn btn-primary" type="submit">Save</button></div>`}
</form>
</section>
${section.id === 'redirects' ? tester(input) : ''}
${section.id === 'robots' ? html`<p><a href="/robots.txt">Open robots.txt</a> (this host's; a domain's robots meta tag is set under SEO › Per-domain overrides)</p>` : ''}`;
};
