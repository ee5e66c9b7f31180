/** Content › Translations: overrides (search, one message's editor, the missing keys of a language). */
import {
  badge,
  contentTabs,
  csrfField,
  fieldError,
  html,
  localeBar,
  readOnlyNote,
  type TLocales,
} from '../../backoffice/index.ts';

export interface TWordRow {
  key: string;
  english: string;
  file: string | undefined;
  override: string | undefined;
}

const overrideForm = (row: TWordRow, locale: string, csrf: string, back: string, error?: string) => {
  const id = `v-${row.key.replace(/[^\w-]/g, '_')}`;
  return html`<form method="post" action="/admin/content/translations/${locale}/save">${csrfField(csrf)}
<input type="hidden" name="key" value="${row.key}"><input type="hidden" name="back" value="${back}">
<label class="visually-hidden" for="${id}">Text for ${row.key}</label>
<textarea id="${id}" name="value" rows="2" ${error ? html`aria-invalid="true" aria-describedby="${id}-error"` : ''}>${row.override ?? row.file ?? ''}</textarea>
${fieldError(id, error)}<button class="btn btn-primary btn-sm" type="submit">Save</button></form>`;
};

const removeForm = (row: TWordRow, locale: string, csrf: string, back: string) =>
  row.override === undefined
    ? ''
    : html`<form method="post" action="/admin/content/translations/${locale}/remove" class="inline">${csrfField(csrf)}
<input type="hidden" name="key" value="${row.key}"><input type="hidden" name="back" value="${back}">
<button class="btn btn-ghost btn-sm" type="submit">Remove override</button></form>`;

const wordsTable = (
  rows: readonly TWordRow[],
  input: { locale: string; canEdit: boolean; csrf: string; back: string; errors?: Record<string, string> },
) => html`<div class="table-wrap"><table>
<thead><tr><th scope="col">Key</th><th scope="col">English</th><th scope="col">Text in this language</th></tr></thead>
<tbody>${rows.map(
  (
    r,
  ) => html`<tr data-key="${r.key}"><th scope="row"><code>${r.key}</code> ${r.override !== undefined ? badge('override', 'info') : ''}</th>
  <td>${r.english}</td>
  <td>${
    input.canEdit
      ? html`${overrideForm(r, input.locale, input.csrf, input.back, input.errors?.[r.key])}${removeForm(r, input.locale, input.csrf, input.back)}`
      : (r.override ?? r.file ?? html`<span class="muted">missing</span>`)
  }</td></tr>`,
)}</tbody></table></div>`;

/** `1 override`, `0 overrides`. */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const translationsBody = (input: {
  locales: TLocales;
  locale: string;
  query: string;
  rows: TWordRow[];
  total: number;
  missing: number;
  canEdit: boolean;
  csrf: string;
  errors?: Record<string, string>;
}) => {
  const back = `/admin/content/translations?locale=${input.locale}&q=${encodeURIComponent(input.query)}`;
  return html`<div class="page-head"><div><h1>Translations</h1>
<p class="sub">The site's texts come from content/locales; an override here replaces one text in one language. Placeholders such as {name} must stay as in English.</p></div></div>
${contentTabs('translations')}${readOnlyNote(input.canEdit)}
<section class="panel">${localeBar(
    '/admin/content/translations',
    input.locales,
    input.locale,
    html`<div class="field"><label for="f-q">Key or text</label><input id="f-q" name="q" value="${input.query}" maxlength="200" placeholder="header.login"></div>`,
  )}
<p><a href="/admin/content/translations/${input.locale}/missing">Missing keys in this language: ${input.missing}</a></p>
<p class="muted">${input.query ? counted(input.total, 'message matches', 'messages match') : `${counted(input.total, 'override', 'overrides')} in this language`}${input.total > input.rows.length ? `; the first ${input.rows.length} are shown` : ''}.</p>
${input.rows.length ? wordsTable(input.rows, { ...input, back }) : html`<p class="empty">Nothing to show.</p>`}</section>`;
};

export const missingBody = (input: {
  locales: TLocales;
  locale: string;
  rows: TWordRow[];
  total: number;
  canEdit: boolean;
  csrf: string;
}) => html`<div class="page-head"><div><h1>Missing keys · ${input.locale}</h1>
<p class="sub">Keys English has that this language lacks or leaves empty, after the overrides: the site shows them in English. Fill one in to add an override.</p></div>
<a class="btn btn-ghost" href="/admin/content/translations?locale=${input.locale}">← Translations</a></div>
${contentTabs('translations')}${readOnlyNote(input.canEdit)}
<section class="panel">${localeBar('/admin/content/translations/missing', input.locales, input.locale)}
<p class="muted">${input.total} missing${input.total > input.rows.length ? `; the first ${input.rows.length} are shown` : ''}.</p>
${
  input.rows.length
    ? wordsTable(input.rows, { ...input, back: `/admin/content/translations/${input.locale}/missing` })
    : html`<p class="empty">Nothing is missing in this language.</p>`
}</section>`;
