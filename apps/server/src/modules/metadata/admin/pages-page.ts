/** Content › Pages: the pages list and a page's editor (with its sanitised preview and image upload). */
import { renderPageBody } from '@casino/contracts/markdown';
import {
  badge,
  contentTabs,
  csrfField,
  fieldError,
  type Html,
  html,
  localeSelect,
  readOnlyNote,
  trusted,
} from '../../backoffice/index.ts';

const described = (id: string, text: string | undefined) =>
  text ? html`aria-invalid="true" aria-describedby="${id}-error"` : '';

export interface TPageSummary {
  slug: string;
  hidden: boolean;
  locales: { code: string; title: string; editedAt: Date | null }[];
}

export const pagesListBody = (input: {
  pages: TPageSummary[];
  locales: { code: string; name: string }[];
  canEdit: boolean;
  csrf: string;
}) => html`<div class="page-head"><div><h1>Content</h1>
<p class="sub">The site's pages (terms, privacy, about us…) in Markdown, per language. A language without its own text shows the default language's.</p></div></div>
${contentTabs('pages')}${readOnlyNote(input.canEdit)}
<section class="panel"><div class="table-wrap"><table>
<thead><tr><th scope="col">Page</th><th scope="col">Languages</th><th scope="col">On the site</th><th scope="col">Actions</th></tr></thead>
<tbody>${input.pages.map(
  (p) => html`<tr data-page="${p.slug}"><th scope="row"><code>/${p.slug}</code></th>
  <td>${p.locales.map(
    (l) =>
      html`<a href="/admin/content/pages/${p.slug}/${l.code}" title="${l.title}">${l.code}</a>${l.editedAt ? html`<span class="muted">*</span>` : ''} `,
  )}${
    input.canEdit
      ? input.locales
          .filter((l) => !p.locales.some((own) => own.code === l.code))
          .map(
            (l) =>
              html`<a class="muted" href="/admin/content/pages/${p.slug}/${l.code}" title="Write the ${l.name} text">+${l.code}</a> `,
          )
      : ''
  }</td>
  <td>${p.hidden ? badge('hidden', 'warn') : badge('shown', 'good')}</td>
  <td>${
    input.canEdit
      ? html`<form method="post" action="/admin/content/pages/${p.slug}/${p.hidden ? 'show' : 'hide'}" class="inline">${csrfField(input.csrf)}<button class="btn btn-secondary btn-sm" type="submit">${p.hidden ? 'Show' : 'Hide'}</button></form>`
      : ''
  }</td></tr>`,
)}</tbody></table></div>
<p class="muted">* edited in the back-office (the seed from content/ leaves it alone).</p></section>
${
  input.canEdit
    ? html`<section class="panel" aria-labelledby="new-page"><h2 id="new-page">New page</h2>
<form method="post" action="/admin/content/pages" class="form-grid">${csrfField(input.csrf)}
<div class="field"><label for="f-slug">Address</label><input id="f-slug" name="slug" required maxlength="63" pattern="[a-z0-9][a-z0-9-]*" placeholder="bonus-rules"><p class="hint">Lowercase letters, digits and dashes: the page is at /<em>address</em>.</p></div>
<div class="field"><label for="f-locale">Language</label>${localeSelect(input.locales, 'en')}</div>
<div class="field"><label for="f-title">Title</label><input id="f-title" name="title" required maxlength="200"></div>
<div class="actions"><button class="btn btn-primary" type="submit">Create</button></div></form></section>`
    : ''
}`;

export interface TPageEditInput {
  slug: string;
  locale: string;
  localeName: string;
  exists: boolean;
  hidden: boolean;
  values: { title: string; description: string; body: string };
  errors: Record<string, string>;
  preview: boolean;
  image: { path: string; url: string } | null;
  canEdit: boolean;
  csrf: string;
}

const previewPanel = (input: TPageEditInput): Html =>
  html`<section class="panel" aria-labelledby="preview-title"><h2 id="preview-title">Preview</h2>
<p class="muted">Rendered by the site's own Markdown renderer: HTML is shown as text, only safe links and images survive.</p>
<article class="page-preview" data-preview><h1>${input.values.title}</h1>${trusted(renderPageBody(input.values.body))}</article></section>`;

const uploadPanel = (input: TPageEditInput) => html`<section class="panel" aria-labelledby="upload-title">
<h2 id="upload-title">Images</h2>
${
  input.image
    ? html`<div class="field"><label for="f-image-md">Markdown for the uploaded image</label><input id="f-image-md" readonly value="![](${input.image.url})" class="mono"></div>`
    : ''
}
<form method="post" action="/admin/content/images" enctype="multipart/form-data" class="form-grid">${csrfField(input.csrf)}
<input type="hidden" name="back" value="/admin/content/pages/${input.slug}/${input.locale}">
<div class="field"><label for="f-image">Image (PNG, JPEG, GIF or WebP, 5 MB at most)</label><input id="f-image" name="image" type="file" accept="image/png,image/jpeg,image/gif,image/webp" required></div>
<div class="actions"><button class="btn btn-secondary" type="submit">Upload</button></div></form></section>`;

export const pageEditBody = (input: TPageEditInput) => {
  const { values, errors } = input;
  const ro = input.canEdit ? '' : html`readonly`;
  return html`<div class="page-head"><div><h1><code>/${input.slug}</code> · ${input.localeName}</h1>
<p class="sub">${input.exists ? '' : 'This language has no text of its own yet: the site shows the default language’s. '}${input.hidden ? 'The page is hidden from the site.' : ''}</p></div>
<a class="btn btn-ghost" href="/admin/content">← All pages</a></div>
${contentTabs('pages')}${readOnlyNote(input.canEdit)}
${Object.keys(errors).length ? html`<div class="flash flash-error" role="alert">Not saved: see the fields below.</div>` : ''}
<section class="panel"><form method="post" action="/admin/content/pages/${input.slug}/${input.locale}">${csrfField(input.csrf)}
<div class="field"><label for="f-title">Title</label><input id="f-title" name="title" value="${values.title}" maxlength="200" ${described('f-title', errors.title)} ${ro}>${fieldError('f-title', errors.title)}</div>
<div class="field"><label for="f-description">SEO description</label><input id="f-description" name="description" value="${values.description}" ${described('f-description', errors.description)} ${ro}><p class="hint">Shown by search engines under the title (500 characters at most).</p>${fieldError('f-description', errors.description)}</div>
<div class="field"><label for="f-body">Text (Markdown)</label><textarea id="f-body" name="body" rows="24" class="mono" spellcheck="true" ${described('f-body', errors.body)} ${ro}>${values.body}</textarea>
<p class="hint"># Heading, **bold**, *italic*, - lists, [link](/path), ![image](/_ipx/…). HTML is shown as text.</p>${fieldError('f-body', errors.body)}</div>
<div class="actions"><button class="btn btn-secondary" type="submit" name="_action" value="preview">Preview</button>${
    input.canEdit
      ? html` <button class="btn btn-primary" type="submit" name="_action" value="save">Save</button>`
      : ''
  }</div></form></section>
${input.preview || input.exists ? previewPanel(input) : ''}
${input.canEdit ? uploadPanel(input) : ''}`;
};
