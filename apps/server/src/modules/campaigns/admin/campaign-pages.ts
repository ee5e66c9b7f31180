/** Cashback programs and campaign popups: lists and edit forms (a popup with its preview link on the site). */

import {
  amountValue,
  badge,
  csrfField,
  dateValue,
  html,
  money,
  promotionsTabs,
  readOnlyNote,
  segmentField,
  time,
} from '../../backoffice/index.ts';
import type { TBonusTemplate } from '../../bonuses/index.ts';
import type { TAudienceChoice } from '../../players/index.ts';
import { POPUP_AUDIENCES, POPUP_FREQUENCIES } from '../programs-admin.ts';
import type { TCampaignPopup, TCashbackProgram } from '../schema.ts';

type TProgramRow = { program: TCashbackProgram; template: string | null };

const active = (on: boolean) => (on ? badge('active', 'good') : badge('off', 'neutral'));
const option = (value: string, current: string, label = value) =>
  html`<option value="${value}" ${value === current ? html`selected` : ''}>${label}</option>`;

export const cashbackBody = (input: {
  programs: TProgramRow[];
  canEdit: boolean;
}) => html`<div class="page-head"><div><h1>Promotions</h1>
<p class="sub">Cashback programs: a share of each player’s real-money net losses, computed at each period’s end.</p></div>
${input.canEdit ? html`<a class="btn btn-primary btn-sm" href="/admin/promotions/cashback/new">New program</a>` : ''}</div>
${promotionsTabs('cashback')}
<section class="panel">${
  input.programs.length === 0
    ? html`<p class="empty">No cashback program.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Program</th><th scope="col">Period</th><th scope="col" class="num">Percent</th><th scope="col" class="num">Min</th><th scope="col" class="num">Max</th><th scope="col">Paid as</th><th scope="col" class="num">Days to claim</th><th scope="col">Status</th></tr></thead>
<tbody>${input.programs.map(
        ({ program: p, template }) => html`<tr>
  <td data-label="Program"><a href="/admin/promotions/cashback/${p.id}">${p.sysname}</a></td>
  <td data-label="Period">${p.period}</td><td data-label="Percent" class="num">${p.percent}%</td>
  <td data-label="Min" class="num">${money(p.minAmount)}</td>
  <td data-label="Max" class="num">${p.maxAmount === null ? html`<span class="muted">no cap</span>` : money(p.maxAmount)}</td>
  <td data-label="Paid as">${p.payout === 'real' ? 'real money' : `bonus (${template ?? '?'})`}</td>
  <td data-label="Days to claim" class="num">${p.receivingDays}</td><td data-label="Status">${active(p.isActive)}</td></tr>`,
      )}</tbody></table></div>`
}</section>`;

type TCashbackTerms = Pick<
  TCashbackProgram,
  'period' | 'percent' | 'minAmount' | 'maxAmount' | 'payout' | 'receivingDays' | 'isActive'
>;

/** The terms' fields, shared by the edit and the create form. */
const cashbackFields = (
  p: TCashbackTerms,
  template: string | null,
  templates: TBonusTemplate[],
) => html`<div class="form-grid">
  <div class="field"><label for="c-period">Period</label><select id="c-period" name="period">${['daily', 'weekly', 'monthly'].map((v) => option(v, p.period))}</select></div>
  <div class="field"><label for="c-percent">Percent of net losses</label><input id="c-percent" name="percent" inputmode="numeric" required value="${p.percent}"></div>
  <div class="field"><label for="c-min">Minimum paid</label><input id="c-min" name="min_amount" inputmode="decimal" value="${amountValue(p.minAmount)}"></div>
  <div class="field"><label for="c-max">Maximum <span class="muted">(empty: no cap)</span></label><input id="c-max" name="max_amount" inputmode="decimal" value="${amountValue(p.maxAmount)}"></div>
  <div class="field"><label for="c-payout">Paid as</label><select id="c-payout" name="payout">${option('real', p.payout, 'real money')}${option('bonus', p.payout, 'a bonus')}</select></div>
  <div class="field"><label for="c-template">Bonus template <span class="muted">(bonus payout)</span></label><select id="c-template" name="template"><option value="">—</option>${templates.map((t) => option(t.sysname, template ?? ''))}</select></div>
  <div class="field"><label for="c-days">Days to claim</label><input id="c-days" name="receiving_days" inputmode="numeric" required value="${p.receivingDays}"></div>
</div>
<label class="check"><input type="checkbox" name="is_active" value="1" ${p.isActive ? html`checked` : ''}> <span>Active: computed at each period’s end</span></label>`;

export const cashbackProgramBody = (input: {
  row: TProgramRow;
  templates: TBonusTemplate[];
  canEdit: boolean;
  csrf: string;
}) => {
  const { program: p, template } = input.row;
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/promotions/cashback">Cashback</a> / ${p.sysname}</p>
<h1>${p.sysname} ${active(p.isActive)}</h1><p class="sub">${p.description.texts.en?.title ?? ''}</p></div></div>
${readOnlyNote(input.canEdit)}
<section class="panel"><form method="post" action="/admin/promotions/cashback/${p.id}">${csrfField(input.csrf)}
<fieldset ${input.canEdit ? '' : html`disabled`}><legend class="visually-hidden">Terms</legend>
${cashbackFields(p, template, input.templates)}
</fieldset>
${input.canEdit ? html`<div class="actions"><button class="btn btn-primary" type="submit">Save program</button></div>` : ''}
</form></section>`;
};

/** The terms a new program's form starts with (weekly 10 %, paid as real money, 7 days to claim). */
const NEW_PROGRAM: TCashbackTerms = {
  period: 'weekly',
  percent: 10,
  minAmount: 100n,
  maxAmount: null,
  payout: 'real',
  receivingDays: 7,
  isActive: true,
};

export const newCashbackBody = (input: {
  templates: TBonusTemplate[];
  csrf: string;
}) => html`<div class="page-head"><div><p class="sub"><a href="/admin/promotions/cashback">Cashback</a> / new</p>
<h1>New cashback program</h1><p class="sub">Its title and text come in every site language, with its percent and maximum filled in.</p></div></div>
<section class="panel"><form method="post" action="/admin/promotions/cashback">${csrfField(input.csrf)}
<div class="field"><label for="c-sysname">Sysname</label><input id="c-sysname" name="sysname" required pattern="[a-z0-9_]{2,40}" placeholder="daily_cashback"></div>
${cashbackFields(NEW_PROGRAM, null, input.templates)}
<div class="actions"><button class="btn btn-primary" type="submit">Create program</button></div>
</form></section>`;

/** Retired, off, or active (with its end). */
const popupStatus = (p: TCampaignPopup) =>
  p.retiredAt
    ? badge('retired', 'neutral')
    : html`${active(p.isActive)}${p.endsAt ? html`<div class="muted">until ${time(p.endsAt)}</div>` : ''}`;

const targetingText = (p: TCampaignPopup, segments: TAudienceChoice[]) =>
  p.locales.length + p.countries.length === 0 && p.segmentId === null
    ? html`<span class="muted">everyone</span>`
    : [
        p.locales.join(' '),
        p.countries.join(' '),
        p.segmentId === null
          ? ''
          : (segments.find((s) => s.id === p.segmentId)?.name ?? `segment #${p.segmentId} (gone)`),
      ]
        .filter(Boolean)
        .join(' · ');

export const popupsBody = (input: {
  popups: TCampaignPopup[];
  segments: TAudienceChoice[];
  canEdit: boolean;
}) => html`<div class="page-head"><div><h1>Promotions</h1>
<p class="sub">Campaign popups: who sees them, where and how often. Preview opens one on the site, whatever its targeting.</p></div>
${input.canEdit ? html`<a class="btn btn-primary btn-sm" href="/admin/promotions/popups/new">New popup</a>` : ''}</div>
${promotionsTabs('popups')}
<section class="panel">${
  input.popups.length === 0
    ? html`<p class="empty">No popup.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Popup</th><th scope="col">Title (en)</th><th scope="col">Audience</th><th scope="col">Targeting</th><th scope="col">Pages</th><th scope="col">How often</th><th scope="col" class="num">Priority</th><th scope="col">Status</th><th scope="col">Preview</th></tr></thead>
<tbody>${input.popups.map(
        (p) => html`<tr>
  <td data-label="Popup"><a href="/admin/promotions/popups/${p.id}">${p.sysname}</a></td>
  <td data-label="Title (en)">${p.content.texts.en?.title ?? ''}</td>
  <td data-label="Audience">${p.audience}</td><td data-label="Targeting">${targetingText(p, input.segments)}</td><td data-label="Pages">${p.pages.length ? p.pages.join(' ') : html`<span class="muted">every page</span>`}</td>
  <td data-label="How often">${p.frequency}</td><td data-label="Priority" class="num">${p.priority}</td>
  <td data-label="Status">${popupStatus(p)}</td>
  <td data-label="Preview"><a href="${previewUrl(p)}" target="_blank" rel="noopener">Preview ↗</a></td></tr>`,
      )}</tbody></table></div>`
}</section>`;

/** The site opens one popup in preview with `?popup=<id>#popup-preview` (its page, or the home page). */
export const previewUrl = (p: TCampaignPopup) => `${p.pages[0] ?? '/'}?popup=${p.id}#popup-preview`;

/** Copy (a new sysname, switched off) and retire (never shown again). */
const popupActions = (p: TCampaignPopup, csrf: string) => html`<section class="panel"><h2>Copy or retire</h2>
<form method="post" action="/admin/promotions/popups/${p.id}/copy" class="filters">${csrfField(csrf)}
  <div class="field"><label for="p-copy">New sysname</label><input id="p-copy" name="sysname" required pattern="[a-z0-9_]{2,60}" value="${p.sysname}_copy"></div>
  <button class="btn btn-secondary" type="submit">Copy popup</button></form>
${
  p.retiredAt
    ? html`<p class="muted">Retired ${dateValue(p.retiredAt)}: the site never shows it again.</p>`
    : html`<form method="post" action="/admin/promotions/popups/${p.id}/retire">${csrfField(csrf)}<button class="btn btn-danger" type="submit">Retire popup</button></form>`
}</section>`;

export const popupBody = (input: {
  popup: TCampaignPopup;
  locale: string;
  locales: string[];
  /** The shared CRM segments a popup may target (ADR 068). */
  segments: TAudienceChoice[];
  canEdit: boolean;
  csrf: string;
  /** The new popup page: the same form posted to the list, with a sysname first. */
  isNew?: boolean;
}) => {
  const p = input.popup;
  const words = p.content.texts[input.locale] ?? { title: '', text: '', button: '' };
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/promotions/popups">Popups</a> / ${input.isNew ? 'new' : p.sysname}</p>
<h1>${input.isNew ? 'New popup' : html`${p.sysname} ${popupStatus(p)}`}</h1></div>
${input.isNew ? '' : html`<a class="btn btn-secondary btn-sm" href="${previewUrl(p)}" target="_blank" rel="noopener">Preview on the site ↗</a>`}</div>
${readOnlyNote(input.canEdit)}
${
  input.isNew
    ? ''
    : html`<nav aria-label="Language"><ul class="tabs">${input.locales.map(
        (l) =>
          html`<li><a href="/admin/promotions/popups/${p.id}?locale=${l}" ${l === input.locale ? html`aria-current="page"` : ''}>${l}${p.content.texts[l] ? '' : ' (missing)'}</a></li>`,
      )}</ul></nav>`
}
<section class="panel"><form method="post" action="/admin/promotions/popups${input.isNew ? '' : `/${p.id}`}">${csrfField(input.csrf)}
<input type="hidden" name="locale" value="${input.locale}">
<fieldset ${input.canEdit ? '' : html`disabled`}><legend class="visually-hidden">Popup</legend>
${input.isNew ? html`<div class="field"><label for="p-sysname">Sysname <span class="muted">(a-z, 0-9, _)</span></label><input id="p-sysname" name="sysname" required pattern="[a-z0-9_]{2,60}" placeholder="spring_welcome"></div>` : ''}
<div class="field"><label for="p-title">Title (${input.locale})</label><input id="p-title" name="title" required maxlength="120" value="${words.title}"></div>
<div class="field"><label for="p-text">Text (${input.locale})</label><textarea id="p-text" name="text" maxlength="1000">${words.text}</textarea></div>
<div class="form-grid">
  <div class="field"><label for="p-button">Button label (${input.locale})</label><input id="p-button" name="button" maxlength="60" value="${words.button ?? ''}"></div>
  <div class="field"><label for="p-url">Button link</label><input id="p-url" name="url" value="${p.content.url ?? ''}" placeholder="/promotions"></div>
  <div class="field"><label for="p-audience">Who sees it</label><select id="p-audience" name="audience">${POPUP_AUDIENCES.map((v) => option(v, p.audience))}</select></div>
  <div class="field"><label for="p-frequency">How often</label><select id="p-frequency" name="frequency">${POPUP_FREQUENCIES.map((v) => option(v, p.frequency))}</select></div>
  <div class="field"><label for="p-pages">Pages <span class="muted">(empty: every page)</span></label><input id="p-pages" name="pages" value="${p.pages.join(' ')}" placeholder="/promotions /casino"></div>
  <div class="field"><label for="p-priority">Priority</label><input id="p-priority" name="priority" inputmode="numeric" value="${p.priority}"></div>
  <div class="field"><label for="p-start">Starts (UTC)</label><input id="p-start" name="starts_at" value="${dateValue(p.startsAt)}" placeholder="YYYY-MM-DD"></div>
  <div class="field"><label for="p-end">Ends (UTC)</label><input id="p-end" name="ends_at" value="${dateValue(p.endsAt)}" placeholder="YYYY-MM-DD"></div>
  <div class="field"><label for="p-locales">Site languages <span class="muted">(empty: all; e.g. en de)</span></label><input id="p-locales" name="locales" value="${p.locales.join(' ')}"></div>
  <div class="field"><label for="p-countries">Player countries <span class="muted">(empty: all; ISO codes, e.g. GB DE; visitors have none)</span></label><input id="p-countries" name="countries" value="${p.countries.join(' ')}"></div>
  ${segmentField('p-segment', input.segments, p.segmentId)}
</div>
<label class="check"><input type="checkbox" name="is_active" value="1" ${p.isActive ? html`checked` : ''}> <span>Active</span></label>
</fieldset>
${input.canEdit && !p.retiredAt ? html`<div class="actions"><button class="btn btn-primary" type="submit">${input.isNew ? 'Create popup' : 'Save popup'}</button></div>` : ''}
</form></section>
${input.canEdit && !input.isNew ? popupActions(p, input.csrf) : ''}`;
};
