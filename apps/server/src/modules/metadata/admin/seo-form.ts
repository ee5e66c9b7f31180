/**
 * Settings › SEO as a form (issue 40, ADR 066): the default title, description, keywords and share image, the
 * canonical address, the organization and product of the search engines' data, extra meta tags, the favicon set,
 * the FAQ and breadcrumbs, the words of each page (title, description, share image; for one language or every one),
 * and the per-domain overrides (a host's own title, description, share image, canonical
 * address and robots meta tag; an empty cell keeps the default) — fields checked by zod, tables for the lists. The
 * robots.txt rules have their own form (robots-form.ts); a save here leaves them as they are.
 */
import { SEO_PAGE_IDS } from '@casino/contracts/calls/metadata';
import { z } from 'zod';
import { formFlag, formList, formString, html } from '../../backoffice/index.ts';
import { robotsMetaProblems } from './robots-form.ts';

type TRecord = Record<string, unknown>;
const asRecord = (v: unknown): TRecord =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TRecord) : {};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A path on the site or an http(s) address; empty allowed. */
const LINK = /^(\/[^\s"'<>]*|https?:\/\/[^\s/"'<>]+[^\s"'<>]*)?$/i;
const field = (max: number) => formString().pipe(z.string().trim().max(max, `${max} characters at most`));
const link = () => field(500).pipe(z.string().regex(LINK, 'a path starting with / or an http(s) address'));

const ZSeoForm = z.object({
  default_title: field(120).pipe(z.string().min(1, 'required')),
  default_description: field(320),
  default_keywords: field(300),
  default_image: link(),
  canonical_url: field(200).pipe(
    z.string().regex(/^(https?:\/\/[^\s/"'<>]+)?$/i, 'an address like https://casino.example (no path)'),
  ),
  org_name: field(120),
  org_url: link(),
  org_logo: link(),
  org_email: field(200).pipe(z.union([z.literal(''), z.email('an e-mail address')])),
  org_same_as: formString(),
  product_name: field(120),
  product_description: field(320),
  product_brand: field(120),
  meta_name: formList(),
  meta_content: formList(),
  icon_rel: formList(),
  icon_type: formList(),
  icon_sizes: formList(),
  icon_href: formList(),
  faq_question: formList(),
  faq_answer: formList(),
  breadcrumbs: formFlag(),
  page_id: formList(),
  page_locale: formList(),
  page_title: formList(),
  page_description: formList(),
  page_image: formList(),
  domain_host: formList(),
  domain_title: formList(),
  domain_description: formList(),
  domain_image: formList(),
  domain_canonical: formList(),
  domain_robots: formList(),
});

/** The operator's words per page, keyed `page` or `page:locale` (problems named by row and field). */
const pagesFrom = (table: string[][], problems: string[]) => {
  const pages: Record<string, TRecord> = {};
  table.forEach(([id = '', locale = '', title = '', description = '', image = ''], i) => {
    const at = `page ${i + 1}`;
    if (!(SEO_PAGE_IDS as readonly string[]).includes(id))
      problems.push(`${at} › Page: choose one of ${SEO_PAGE_IDS.join(', ')}`);
    if (locale && !/^[a-z]{2}$/.test(locale))
      problems.push(`${at} › Language: “${locale}” is not a language code like de (empty: every language)`);
    if (title.length > 120) problems.push(`${at} › Title: 120 characters at most`);
    if (description.length > 320) problems.push(`${at} › Description: 320 characters at most`);
    if (image && !LINK.test(image))
      problems.push(`${at} › Share image: a path starting with / or an http(s) address`);
    if (!title && !description && !image)
      problems.push(`${at}: give a title, a description or a share image (or empty the row)`);
    const key = locale ? `${id}:${locale}` : id;
    if (key in pages) problems.push(`${at} › Page: “${key}” is listed twice`);
    pages[key] = { ...(title && { title }), ...(description && { description }), ...(image && { image }) };
  });
  return pages;
};

/** A host name as the lookup matches it: lower case, no scheme, port or path. */
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$/;

type TDomainCells = [
  host: string,
  title: string,
  description: string,
  image: string,
  canonical: string,
  robots: string,
];

/**
 * The per-domain overrides the table describes, over the stored ones (keys the form does not show stay). An empty
 * cell removes that override (the default applies); a row emptied entirely removes the host's overrides the form
 * shows.
 */
const domainsFrom = (stored: unknown, table: TDomainCells[], problems: string[]) => {
  const before = asRecord(stored);
  const next: Record<string, TRecord> = {};
  table.forEach(([rawHost, title, description, image, canonical, robots], i) => {
    const host = rawHost.toLowerCase();
    const at = `domain ${i + 1}`;
    if (!HOST.test(host)) problems.push(`${at} › Host: “${rawHost}” is not a host name like casino.example`);
    else if (host in next) problems.push(`${at} › Host: “${host}” is listed twice`);
    if (title.length > 120) problems.push(`${at} › Title: 120 characters at most`);
    if (description.length > 320) problems.push(`${at} › Description: 320 characters at most`);
    if (image && !LINK.test(image))
      problems.push(`${at} › Share image: a path starting with / or an http(s) address`);
    if (canonical && !/^https?:\/\/[^\s/"'<>]+$/i.test(canonical))
      problems.push(`${at} › Canonical address: an address like https://casino.example (no path)`);
    problems.push(...robotsMetaProblems(robots, `${at} › Robots meta tag`));
    const kept = asRecord(before[host]);
    const page = { ...asRecord(kept.default) };
    for (const [key, value] of [
      ['title', title],
      ['description', description],
      ['image', image],
    ] as const)
      if (value) page[key] = value;
      else delete page[key];
    const robotsPart = { ...asRecord(kept.robots) };
    if (robots) robotsPart.meta = robots;
    else delete robotsPart.meta;
    const { default: _d, robots: _r, canonicalUrl: _c, ...rest } = kept;
    next[host] = {
      ...rest,
      ...(Object.keys(page).length > 0 && { default: page }),
      ...(canonical && { canonicalUrl: canonical.replace(/\/+$/, '') }),
      ...(Object.keys(robotsPart).length > 0 && { robots: robotsPart }),
    };
  });
  return next;
};

/** Rows of a table whose cells came as parallel lists; a row with every cell empty is dropped. */
const rows = (columns: string[][]) =>
  (columns[0] ?? [])
    .map((_, i) => columns.map((c) => (c[i] ?? '').trim()))
    .filter((cells) => cells.some((cell) => cell !== ''));

/** The SEO setting the form describes (over `current`, whose domains and robots stay), or the problems found. */
export const seoFromForm = (current: unknown, body: unknown): { part: unknown; problems: string[] } => {
  const parsed = ZSeoForm.safeParse(body);
  if (!parsed.success)
    return {
      part: current,
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.join('.').replaceAll('_', ' ')}: ${issue.message}`,
      ),
    };
  const f = parsed.data;
  const problems: string[] = [];
  const sameAs = f.org_same_as.split(/\s+/).filter(Boolean);
  sameAs.forEach((url) => {
    if (!/^https:\/\/[^\s/]+/i.test(url)) problems.push(`org same as: “${url}” is not an https address`);
  });
  const meta = rows([f.meta_name, f.meta_content]).map(([name = '', content = '']) => {
    if (!/^[a-z][\w:.-]{0,60}$/i.test(name)) problems.push(`meta: “${name}” is not a meta tag name`);
    if (['description', 'robots', 'keywords', 'viewport'].includes(name.toLowerCase()))
      problems.push(`meta: “${name}” has its own field (or is the site's own)`);
    if (content.length > 300) problems.push(`meta: the content of “${name}” is 300 characters at most`);
    return { name, content };
  });
  const favicons = rows([f.icon_rel, f.icon_type, f.icon_sizes, f.icon_href]).map(
    ([rel = '', type = '', sizes = '', href = '']) => {
      if (!['icon', 'apple-touch-icon', 'mask-icon', 'shortcut icon'].includes(rel))
        problems.push(`favicon: “${rel}” is not icon, apple-touch-icon or mask-icon`);
      if (!href || !LINK.test(href)) problems.push(`favicon: “${href}” is not a path or address`);
      if (sizes && !/^(\d+x\d+|any)( (\d+x\d+|any))*$/.test(sizes))
        problems.push(`favicon: sizes “${sizes}” is not like 32x32`);
      if (type && !/^image\/[\w.+-]+$/.test(type))
        problems.push(`favicon: type “${type}” is not an image type`);
      return { rel, href, ...(type && { type }), ...(sizes && { sizes }) };
    },
  );
  const faq = rows([f.faq_question, f.faq_answer]).map(([question = '', answer = '']) => {
    if (!question || !answer) problems.push('faq: each question needs its answer (or empty both)');
    if (question.length > 300 || answer.length > 2000)
      problems.push('faq: a question is 300 characters at most, an answer 2,000');
    return { question, answer };
  });
  const stored = asRecord(current);
  // A post without the domains table (an older form) leaves the domains as they are.
  const hasDomains = typeof body === 'object' && body !== null && 'domain_host' in body;
  const domains = hasDomains
    ? domainsFrom(
        stored.domains,
        rows([
          f.domain_host,
          f.domain_title,
          f.domain_description,
          f.domain_image,
          f.domain_canonical,
          f.domain_robots,
        ]) as TDomainCells[],
        problems,
      )
    : stored.domains;
  // Likewise without the pages table.
  const pages =
    typeof body === 'object' && body !== null && 'page_id' in body
      ? pagesFrom(rows([f.page_id, f.page_locale, f.page_title, f.page_description, f.page_image]), problems)
      : stored.pages;
  const part = {
    ...stored,
    default: {
      title: f.default_title,
      description: f.default_description,
      ...(f.default_keywords && { keywords: f.default_keywords }),
      ...(f.default_image && { image: f.default_image }),
    },
    canonicalUrl: f.canonical_url,
    organization: {
      ...asRecord(stored.organization),
      name: f.org_name,
      url: f.org_url,
      logo: f.org_logo,
      email: f.org_email,
      sameAs,
    },
    product: {
      ...asRecord(stored.product),
      name: f.product_name,
      description: f.product_description,
      brand: f.product_brand,
    },
    meta,
    favicons,
    faq,
    breadcrumbs: f.breadcrumbs,
    pages,
    domains,
  };
  return { part, problems };
};

const input = (name: string, label: string, value: string, disabled: boolean, hint = '') =>
  html`<div class="field"><label for="seo-${name}">${label}${hint ? html` <span class="muted">(${hint})</span>` : ''}</label><input id="seo-${name}" name="${name}" value="${value}" ${disabled ? html`disabled` : ''}></div>`;

const table = (
  caption: string,
  columns: { name: string; label: string }[],
  values: string[][],
  disabled: boolean,
) => html`<fieldset class="field"><legend>${caption}</legend><div class="table-wrap"><table>
<thead><tr>${columns.map((c) => html`<th scope="col">${c.label}</th>`)}</tr></thead>
<tbody>${[...values, ...(disabled ? [] : [columns.map(() => ''), columns.map(() => '')])].map(
  (row, i) =>
    html`<tr>${columns.map(
      (c, j) =>
        html`<td><label class="visually-hidden" for="seo-${c.name}-${i}">${c.label} ${i + 1}</label><input id="seo-${c.name}-${i}" name="${c.name}" value="${row[j] ?? ''}" ${disabled ? html`disabled` : ''}></td>`,
    )}</tr>`,
)}</tbody></table></div><p class="hint">Empty a row to remove it.</p></fieldset>`;

/** The words of each page: a page chosen from the list, a language or every language, and the words. */
const pagesTable = (stored: unknown, disabled: boolean) => {
  const off = disabled ? html`disabled` : '';
  const rowsShown = [
    ...Object.entries(asRecord(stored)).map(([key, value]) => {
      const [id = '', locale = ''] = key.split(':');
      const w = asRecord(value);
      return [id, locale, text(w.title), text(w.description), text(w.image)];
    }),
    ...(disabled
      ? []
      : [
          ['', '', '', '', ''],
          ['', '', '', '', ''],
        ]),
  ];
  const cell = (name: string, label: string, i: number, value: string) =>
    html`<td><label class="visually-hidden" for="seo-${name}-${i}">${label}, page row ${i + 1}</label><input id="seo-${name}-${i}" name="${name}" value="${value}" ${off}></td>`;
  return html`<fieldset class="field"><legend>Words of each page (win over the page’s own; the default description and share image above fill what a page lacks)</legend><div class="table-wrap"><table>
<thead><tr><th scope="col">Page</th><th scope="col">Language <span class="muted">(empty: every one)</span></th><th scope="col">Title</th><th scope="col">Description</th><th scope="col">Share image</th></tr></thead>
<tbody>${rowsShown.map(
    ([id = '', locale = '', title = '', description = '', image = ''], i) => html`<tr>
  <td><label class="visually-hidden" for="seo-page_id-${i}">Page, page row ${i + 1}</label><select id="seo-page_id-${i}" name="page_id" ${off}><option value="">—</option>${SEO_PAGE_IDS.map(
    (p) => html`<option value="${p}" ${p === id ? html`selected` : ''}>${p}</option>`,
  )}</select></td>
  ${cell('page_locale', 'Language', i, locale)}${cell('page_title', 'Title', i, title)}${cell('page_description', 'Description', i, description)}${cell('page_image', 'Share image', i, image)}</tr>`,
  )}</tbody></table></div><p class="hint">Empty a row (choose “—” and clear it) to remove it.</p></fieldset>`;
};

export const seoFormBody = (part: unknown, disabled: boolean) => {
  const seo = asRecord(part);
  const d = asRecord(seo.default);
  const o = asRecord(seo.organization);
  const p = asRecord(seo.product);
  const tags = (v: unknown, keys: string[]) =>
    (Array.isArray(v) ? v : []).map((row) => keys.map((k) => text(asRecord(row)[k])));
  return html`<h2>Default page</h2><div class="form-grid">
${input('default_title', 'Title', text(d.title), disabled, 'the home page’s <title>')}
${input('default_description', 'Description', text(d.description), disabled, 'the home page’s meta description, and any page’s without its own')}
${input('default_keywords', 'Keywords', text(d.keywords), disabled)}
${input('default_image', 'Share image', text(d.image), disabled, 'Open Graph, on every page without its own image; a path or address')}
${input('canonical_url', 'Canonical address', text(seo.canonicalUrl), disabled, 'e.g. https://casino.example; empty: the address asked')}
</div>
<h2>Organization</h2><div class="form-grid">
${input('org_name', 'Name', text(o.name), disabled)}
${input('org_url', 'Address', text(o.url), disabled)}
${input('org_logo', 'Logo', text(o.logo), disabled)}
${input('org_email', 'E-mail', text(o.email), disabled, 'also the support page’s')}
${input('org_same_as', 'Profiles elsewhere', (Array.isArray(o.sameAs) ? o.sameAs : []).join(' '), disabled, 'https addresses, separated by spaces')}
</div>
<h2>Product</h2><div class="form-grid">
${input('product_name', 'Name', text(p.name), disabled)}
${input('product_description', 'Description', text(p.description), disabled)}
${input('product_brand', 'Brand', text(p.brand), disabled)}
</div>
${table(
  'Meta tags',
  [
    { name: 'meta_name', label: 'Name' },
    { name: 'meta_content', label: 'Content' },
  ],
  tags(seo.meta, ['name', 'content']),
  disabled,
)}
${table(
  'Favicons',
  [
    { name: 'icon_rel', label: 'Rel' },
    { name: 'icon_type', label: 'Type' },
    { name: 'icon_sizes', label: 'Sizes' },
    { name: 'icon_href', label: 'Path' },
  ],
  tags(seo.favicons, ['rel', 'type', 'sizes', 'href']),
  disabled,
)}
${table(
  'FAQ (search engines’ FAQ data on the home page)',
  [
    { name: 'faq_question', label: 'Question' },
    { name: 'faq_answer', label: 'Answer' },
  ],
  tags(seo.faq, ['question', 'answer']),
  disabled,
)}
<label class="check"><input type="checkbox" name="breadcrumbs" value="1" ${seo.breadcrumbs === false ? '' : html`checked`} ${disabled ? html`disabled` : ''}> <span>Breadcrumb data on every page below the home page</span></label>
${pagesTable(seo.pages, disabled)}
${table(
  'Per-domain overrides (a host’s own words; an empty cell keeps the default above)',
  [
    { name: 'domain_host', label: 'Host' },
    { name: 'domain_title', label: 'Title' },
    { name: 'domain_description', label: 'Description' },
    { name: 'domain_image', label: 'Share image' },
    { name: 'domain_canonical', label: 'Canonical address' },
    { name: 'domain_robots', label: 'Robots meta tag' },
  ],
  Object.entries(asRecord(seo.domains)).map(([host, value]) => {
    const o = asRecord(value);
    const page = asRecord(o.default);
    return [
      host,
      text(page.title),
      text(page.description),
      text(page.image),
      text(o.canonicalUrl),
      text(asRecord(o.robots).meta),
    ];
  }),
  disabled,
)}`;
};
