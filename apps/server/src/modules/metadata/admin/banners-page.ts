/** Banners of the cms config per locale: the list with a preview of each, and one banner's form with its preview. */
import { bannerText, type TOfferTerms } from '@casino/contracts/offer-terms';
import {
  badge,
  csrfField,
  html,
  promotionsTabs,
  readOnlyNote,
  segmentField,
} from '../../backoffice/index.ts';
import type { TAudienceChoice } from '../../players/index.ts';
import type { TBannerRow } from '../banners-admin.ts';

const text = (banner: Record<string, unknown>, key: string) =>
  typeof banner[key] === 'string' ? (banner[key] as string) : '';

const POSITION: Record<string, string> = { hero: 'Home hero', menu: 'Menu banner', auth: 'Sign-up panel' };

/** The figures banners quote: each deposit offer's terms (live or not) and the currency the preview shows. */
export interface TPreviewFigures {
  offers: Map<string, { terms: TOfferTerms; live: boolean }>;
  currency: string;
  now: Date;
}

/** A banner line as the site shows it (bannerText: its offer's figures filled in), or why the site leaves it out. */
const line = (words: string, terms: TOfferTerms | undefined, currency: string) => {
  if (!words) return { shown: '', hidden: false };
  const shown = bannerText(words, terms, currency);
  return shown === undefined ? { shown: words, hidden: true } : { shown, hidden: false };
};

const offerNote = (offer: string, figures: TPreviewFigures) => {
  const found = figures.offers.get(offer);
  if (!found) return html`<p class="hint">Offer ${offer} does not exist: the site hides this banner.</p>`;
  const { terms } = found;
  return html`<p class="hint">Figures from offer ${offer}: ${terms.percent}% up to ${bannerText('{max}', terms, figures.currency) ?? ''}, in ${figures.currency}.${
    found.live ? '' : html` <strong>The offer is not live: the site hides this banner until it is.</strong>`
  }</p>`;
};

/** The banner drawn roughly as the site draws it (its image, words with the offer's figures, button). */
const preview = (row: TBannerRow, figures: TPreviewFigures) => {
  const b = row.banner;
  const image = text(b, 'image');
  const finished = text(b, 'finished_at');
  const ended = finished !== '' && Date.parse(finished) <= figures.now.getTime();
  const offer = typeof b.offer === 'string' ? b.offer : '';
  const terms = offer ? figures.offers.get(offer)?.terms : undefined;
  const title = line(text(b, 'title'), terms, figures.currency);
  const body = line(text(b, 'text'), terms, figures.currency);
  const hiddenNote = html` <span class="muted">(left out on the site: no offer to fill it from)</span>`;
  return html`<figure class="banner-preview${ended ? ' is-ended' : ''}" aria-label="Preview of ${POSITION[row.position]} ${text(b, 'id') || row.slot}">
  ${image ? html`<img src="${image}" alt="" loading="lazy">` : ''}
  <figcaption>${
    title.shown
      ? html`<strong>${title.shown}</strong>${title.hidden ? hiddenNote : ''}`
      : html`<strong class="muted">${offer ? `Offer: ${offer}` : '(no words)'}</strong>`
  }
  ${body.shown ? html`<span>${body.shown}${body.hidden ? hiddenNote : ''}</span>` : ''}
  ${text(b, 'button') ? html`<span class="btn btn-primary btn-sm">${text(b, 'button')}</span>` : ''}</figcaption>
</figure>${offer ? offerNote(offer, figures) : ''}`;
};

/** A hero banner's countries as stored (ADR 074), upper case; none: every country. */
const countriesOf = (banner: Record<string, unknown>) =>
  Array.isArray(banner.countries) ? banner.countries.filter((c): c is string => typeof c === 'string') : [];

/** Who sees it: everyone, or the players of a segment and/or of some countries (ADR 074), named. */
const audienceNote = (row: TBannerRow, segments: TAudienceChoice[]) => {
  const id = typeof row.banner.segment_id === 'number' ? row.banner.segment_id : null;
  const countries = countriesOf(row.banner);
  if (id === null && countries.length === 0) return '';
  const name =
    id === null ? '' : (segments.find((s) => s.id === id)?.name ?? `segment #${id} (gone: matches nobody)`);
  return html`${
    id === null
      ? ''
      : html` <span class="muted" data-testid="banner-segment">for segment ${name} only (signed-in players)</span>`
  }${
    countries.length === 0
      ? ''
      : html` <span class="muted" data-testid="banner-countries">for players in ${countries.join(', ')} only (signed-in players)</span>`
  }`;
};

/** The countries field beside the segment choice (home hero banners only). */
const countriesField = (id: string, current: readonly string[]) =>
  html`<div class="field"><label for="${id}">Countries <span class="muted">(ISO codes, e.g. GB, DE; empty: every country; visitors have none)</span></label><input id="${id}" name="countries" value="${current.join(', ')}" placeholder="GB, DE"></div>`;

const state = (row: TBannerRow, now: Date) => {
  const finished = text(row.banner, 'finished_at');
  if (finished && Date.parse(finished) <= now.getTime()) return badge('finished', 'neutral');
  const started = text(row.banner, 'started_at');
  if (started && Date.parse(started) > now.getTime()) return badge('scheduled', 'warn');
  const needs = row.banner.offer ?? row.banner.feature;
  return html`${badge('shown', 'good')}${needs ? html` <span class="muted">while ${String(needs)} is live</span>` : ''}`;
};

const localeTabs = (locales: string[], current: string, base: string) =>
  html`<nav aria-label="Language"><ul class="tabs">${locales.map(
    (l) =>
      html`<li><a href="${base}?locale=${l}" ${l === current ? html`aria-current="page"` : ''}>${l}</a></li>`,
  )}</ul></nav>`;

/** A hero banner's place in the list: move up or down, copy, retire. */
const listControls = (locale: string, row: TBannerRow, csrf: string, last: boolean) => {
  const button = (action: string, label: string, disabled = false) =>
    html`<form method="post" action="/admin/promotions/banners/${locale}/${row.slot}/${action}" class="inline">${csrfField(csrf)}<button class="btn ${action === 'remove' ? 'btn-danger' : 'btn-secondary'} btn-sm" type="submit" ${disabled ? html`disabled` : ''}>${label}</button></form>`;
  const first = row.slot === 'hero-0';
  return html`${button('up', 'Move up', first)} ${button('down', 'Move down', last)} ${button('copy', 'Copy')} ${button('remove', 'Retire')}`;
};

/** A new hero banner, added at the end of the list. */
const addForm = (
  locale: string,
  csrf: string,
  segments: TAudienceChoice[],
) => html`<section class="panel" aria-labelledby="add-title"><h2 id="add-title">Add a home banner (${locale})</h2>
<form method="post" action="/admin/promotions/banners/${locale}">${csrfField(csrf)}
<div class="form-grid">
  <div class="field"><label for="n-id">Name <span class="muted">(a-z, 0-9, - _; empty: one is made)</span></label><input id="n-id" name="id" pattern="[a-z0-9_\-]{2,40}"></div>
  <div class="field"><label for="n-title">Title</label><input id="n-title" name="title" required maxlength="120"></div>
  <div class="field"><label for="n-text">Text</label><input id="n-text" name="text" maxlength="500"></div>
  <div class="field"><label for="n-button">Button label</label><input id="n-button" name="button" maxlength="60"></div>
  <div class="field"><label for="n-url">Link</label><input id="n-url" name="url" placeholder="/promotions"></div>
  <div class="field"><label for="n-image">Image path</label><input id="n-image" name="image" placeholder="/_ipx/f_webp,q_80,s_1200x480/banners/hero-welcome.svg"></div>
  <div class="field"><label for="n-start">Starts (UTC) <span class="muted">(empty: now)</span></label><input id="n-start" name="started_at" placeholder="YYYY-MM-DD"></div>
  <div class="field"><label for="n-end">Ends (UTC) <span class="muted">(empty: never)</span></label><input id="n-end" name="finished_at" placeholder="YYYY-MM-DD"></div>
  ${segmentField('n-segment', segments, null)}
  ${countriesField('n-countries', [])}
</div>
<div class="actions"><button class="btn btn-primary" type="submit">Add banner</button></div></form></section>`;

export const bannersBody = (input: {
  locale: string;
  locales: string[];
  rows: TBannerRow[];
  siteHref: string;
  figures: TPreviewFigures;
  canEdit: boolean;
  csrf: string;
  /** The shared CRM segments a home banner may target (ADR 074). */
  segments: TAudienceChoice[];
}) => html`<div class="page-head"><div><h1>Promotions</h1>
<p class="sub">Banners of the site per language: the home hero (a list in the order the site shows it), the menu banner and the sign-up panel. A banner shows from its start to its end.</p></div>
<a class="btn btn-secondary btn-sm" href="${input.siteHref}" target="_blank" rel="noopener">Open the site (${input.locale}) ↗</a></div>
${promotionsTabs('banners')}
${localeTabs(input.locales, input.locale, '/admin/promotions/banners')}
<div class="banner-list">${input.rows.map(
  (row) => html`<section class="panel" data-slot="${row.slot}">
  <h2>${POSITION[row.position]} <span class="muted">${text(row.banner, 'id') || row.slot}</span> ${state(row, input.figures.now)}${audienceNote(row, input.segments)}</h2>
  ${preview(row, input.figures)}
  <p>${
    row.editable
      ? html`<a class="btn btn-secondary btn-sm" href="/admin/promotions/banners/${input.locale}/${row.slot}">Edit</a>`
      : html`<span class="muted">Its words come from the offer’s terms.</span>`
  } ${
    input.canEdit && row.position === 'hero'
      ? listControls(
          input.locale,
          row,
          input.csrf,
          row.slot === `hero-${input.rows.filter((r) => r.position === 'hero').length - 1}`,
        )
      : ''
  }</p>
</section>`,
)}</div>
${input.canEdit ? addForm(input.locale, input.csrf, input.segments) : ''}`;

export const bannerBody = (input: {
  locale: string;
  row: TBannerRow;
  canEdit: boolean;
  csrf: string;
  siteHref: string;
  figures: TPreviewFigures;
  segments: TAudienceChoice[];
}) => {
  const b = input.row.banner;
  const finished = text(b, 'finished_at');
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/promotions/banners?locale=${input.locale}">Banners</a> / ${input.locale} / ${input.row.slot}</p>
<h1>${POSITION[input.row.position]} <span class="muted">${text(b, 'id') || input.row.slot}</span></h1></div>
<a class="btn btn-secondary btn-sm" href="${input.siteHref}" target="_blank" rel="noopener">Open the site ↗</a></div>
${readOnlyNote(input.canEdit)}
<div class="grid">
<section class="panel"><form method="post" action="/admin/promotions/banners/${input.locale}/${input.row.slot}">${csrfField(input.csrf)}
<fieldset ${input.canEdit ? '' : html`disabled`}><legend class="visually-hidden">Banner</legend>
  <div class="field"><label for="b-title">Title</label><input id="b-title" name="title" required maxlength="120" value="${text(b, 'title')}"></div>
  <div class="field"><label for="b-text">Text <span class="muted">({percent}, {max} fill in from its offer)</span></label><textarea id="b-text" name="text" maxlength="500">${text(b, 'text')}</textarea></div>
  <div class="form-grid">
    <div class="field"><label for="b-button">Button label</label><input id="b-button" name="button" maxlength="60" value="${text(b, 'button')}"></div>
    <div class="field"><label for="b-url">Link</label><input id="b-url" name="url" value="${text(b, 'url')}"></div>
    <div class="field"><label for="b-image">Image path</label><input id="b-image" name="image" value="${text(b, 'image')}"></div>
    <div class="field"><label for="b-started">Starts (UTC) <span class="muted">(empty: now)</span></label><input id="b-started" name="started_at" value="${text(b, 'started_at').slice(0, 16)}" placeholder="YYYY-MM-DD"></div>
    <div class="field"><label for="b-finished">Ends (UTC) <span class="muted">(empty: never)</span></label><input id="b-finished" name="finished_at" value="${finished ? finished.slice(0, 16) : ''}" placeholder="YYYY-MM-DD"></div>
    ${
      input.row.position === 'hero'
        ? html`${segmentField('b-segment', input.segments, typeof b.segment_id === 'number' ? b.segment_id : null)}
    ${countriesField('b-countries', countriesOf(b))}`
        : ''
    }
  </div>
</fieldset>
${input.canEdit ? html`<div class="actions"><button class="btn btn-primary" type="submit">Save banner</button></div>` : ''}
</form></section>
<section class="panel" aria-labelledby="preview-title"><h2 id="preview-title">Preview <span class="muted">as saved</span></h2>${preview(input.row, input.figures)}</section>
</div>`;
};
