/**
 * The Content section's shared parts (a static strip like the Promotions tabs): its tabs (pages, translations, FAQ),
 * the language picker and a field's error line.
 */
import { html } from './html.ts';

export type TContentTab = 'pages' | 'translations' | 'faq';

const TABS: { id: TContentTab; label: string; href: string }[] = [
  { id: 'pages', label: 'Pages', href: '/admin/content' },
  { id: 'translations', label: 'Translations', href: '/admin/content/translations' },
  { id: 'faq', label: 'FAQ', href: '/admin/content/faq' },
];

export const contentTabs = (current: TContentTab) =>
  html`<nav aria-label="Content"><ul class="tabs">${TABS.map(
    (t) =>
      html`<li><a href="${t.href}" ${t.id === current ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
  )}</ul></nav>`;

export type TLocales = readonly { code: string; name: string }[];

export const localeSelect = (locales: TLocales, current: string) =>
  html`<select id="f-locale" name="locale">${locales.map(
    (l) =>
      html`<option value="${l.code}" ${l.code === current ? html`selected` : ''}>${l.name} (${l.code})</option>`,
  )}</select>`;

/** A field's error under it (the field names it with aria-describedby). */
export const fieldError = (id: string, text: string | undefined) =>
  text ? html`<p class="hint flash-error" id="${id}-error" role="alert">${text}</p>` : '';

/** The language picker of a list (translations, FAQ): a GET form to `action`. */
export const localeBar = (action: string, locales: TLocales, locale: string, extra = html``) =>
  html`<form method="get" action="${action}" class="filters" role="search">
<div class="field"><label for="f-locale">Language</label>${localeSelect(locales, locale)}</div>${extra}
<button class="btn btn-secondary" type="submit">Show</button></form>`;
