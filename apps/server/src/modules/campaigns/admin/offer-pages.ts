/** Promotions › Deposit offers: the list, the new and edit form, copy, and the page that confirms a retirement. */
import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { offerText } from '@casino/contracts/offer-terms';
import { ipxUrl } from '../../../platform/images.ts';
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
import { DEPOSIT_TEMPLATE } from '../content.ts';
import { OFFER_IMAGE_SIZE, termsOf } from '../offers.ts';
import { OFFER_CONDITIONS, type TCampaignOffer } from '../schema.ts';

const CONDITION_NAMES: Record<TCampaignOffer['condition'], string> = {
  first_deposit: 'first deposit',
  reload: 'reload (after the first)',
  any: 'every deposit',
};

const option = (value: string, current: string, label = value) =>
  html`<option value="${value}" ${value === current ? html`selected` : ''}>${label}</option>`;

/** The cashier card's image: the one it has (a preview) and a file to replace it, or a box to take it off. */
const imageField = (o: TCampaignOffer) => {
  const image = o.description.image;
  return html`<div class="field offer-image"><label for="o-image">Image in the cashier card <span class="muted">(PNG, JPEG, GIF or WebP, 5 MB at most; square, shown at ${OFFER_IMAGE_SIZE}×${OFFER_IMAGE_SIZE})</span></label>
${image ? html`<img src="${ipxUrl(image, { width: OFFER_IMAGE_SIZE, height: OFFER_IMAGE_SIZE })}" alt="The offer's image now" width="96" height="96" data-testid="offer-image-preview">` : html`<p class="muted">No image: the card shows the words only.</p>`}
<input id="o-image" name="image" type="file" accept="image/png,image/jpeg,image/gif,image/webp">
${image ? html`<label class="check"><input type="checkbox" name="image_remove" value="1"> <span>Remove the image</span></label>` : ''}</div>`;
};

/** Retired, off, or active (with its window). */
const offerStatus = (o: TCampaignOffer) =>
  o.retiredAt
    ? badge('retired', 'neutral')
    : html`${o.isActive ? badge('active', 'good') : badge('off', 'neutral')}${
        o.startsAt ? html`<div class="muted">from ${time(o.startsAt)}</div>` : ''
      }${o.endsAt ? html`<div class="muted">until ${time(o.endsAt)}</div>` : ''}`;

const segmentName = (segments: TAudienceChoice[], id: number | null) =>
  id === null ? null : (segments.find((s) => s.id === id)?.name ?? `segment #${id} (gone)`);

const targetingText = (o: TCampaignOffer, segments: TAudienceChoice[]) => {
  const parts = [o.locales.join(' '), o.countries.join(' '), segmentName(segments, o.segmentId) ?? ''].filter(
    Boolean,
  );
  return parts.length === 0 ? html`<span class="muted">everyone</span>` : parts.join(' · ');
};

const bonusText = (o: TCampaignOffer) => {
  const p = o.promotions[0];
  return p ? `${p.percent}% up to ${money(BigInt(p.max_amount))}, ${p.wager}x` : '—';
};

export const offersBody = (input: {
  offers: TCampaignOffer[];
  segments: TAudienceChoice[];
  canEdit: boolean;
}) => html`<div class="page-head"><div><h1>Promotions</h1>
<p class="sub">Deposit offers: the bonuses a player may choose in the cashier when depositing, in this order.</p></div>
${input.canEdit ? html`<a class="btn btn-primary btn-sm" href="/admin/promotions/offers/new">New offer</a>` : ''}</div>
${promotionsTabs('offers')}
<section class="panel">${
  input.offers.length === 0
    ? html`<p class="empty">No deposit offer.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Offer</th><th scope="col">Title (en)</th><th scope="col">For</th><th scope="col">Bonus</th><th scope="col" class="num">Min deposit</th><th scope="col">Targeting</th><th scope="col" class="num">Priority</th><th scope="col">Status</th></tr></thead>
<tbody>${input.offers.map(
        (o) => html`<tr>
  <td data-label="Offer"><a href="/admin/promotions/offers/${o.id}">${o.sysname}</a></td>
  <td data-label="Title (en)">${titleOf(o)}</td>
  <td data-label="For">${CONDITION_NAMES[o.condition]}</td>
  <td data-label="Bonus">${bonusText(o)}</td>
  <td data-label="Min deposit" class="num">${money(o.minAmount)}</td>
  <td data-label="Targeting">${targetingText(o, input.segments)}</td>
  <td data-label="Priority" class="num">${o.priority}</td>
  <td data-label="Status">${offerStatus(o)}</td></tr>`,
      )}</tbody></table></div>`
}</section>`;

/** Copy (a new sysname, switched off) and retire (behind its confirmation page). */
const offerActions = (o: TCampaignOffer, csrf: string) => html`<section class="panel"><h2>Copy or retire</h2>
<form method="post" action="/admin/promotions/offers/${o.id}/copy" class="filters">${csrfField(csrf)}
  <div class="field"><label for="o-copy">New sysname</label><input id="o-copy" name="sysname" required pattern="[a-z0-9_]{2,60}" value="${o.sysname}_copy"></div>
  <button class="btn btn-secondary" type="submit">Copy offer</button></form>
${
  o.retiredAt
    ? html`<p class="muted">Retired ${dateValue(o.retiredAt)}: the cashier never offers it again; its bonuses stay.</p>`
    : html`<form method="post" action="/admin/promotions/offers/${o.id}/retire">${csrfField(csrf)}<button class="btn btn-danger" type="submit">Retire offer…</button>
  <span class="hint">Asks to confirm first.</span></form>`
}</section>`;

export const offerBody = (input: {
  offer: TCampaignOffer;
  locale: string;
  locales: string[];
  templates: TBonusTemplate[];
  methods: { sysname: string; name: string }[];
  segments: TAudienceChoice[];
  canEdit: boolean;
  csrf: string;
  isNew?: boolean;
}) => {
  const o = input.offer;
  const words = o.description.texts[input.locale] ?? { title: '', text: '' };
  const promotion = o.promotions[0] ?? { percent: 100, max_amount: 10_000, wager: 10, template: undefined };
  const template = promotion.template ?? DEPOSIT_TEMPLATE;
  const templates = input.templates.filter(
    (t) => t.type === 'casino' && (t.retiredAt === null || t.sysname === template),
  );
  const editable = input.canEdit && !o.retiredAt;
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/promotions/offers">Deposit offers</a> / ${input.isNew ? 'new' : o.sysname}</p>
<h1>${input.isNew ? 'New deposit offer' : html`${o.sysname} ${offerStatus(o)}`}</h1>
<p class="sub">Players choose it in the cashier; a paid deposit earns the bonus from the template’s terms.</p></div></div>
${readOnlyNote(input.canEdit)}
${
  input.isNew
    ? ''
    : html`<nav aria-label="Language"><ul class="tabs">${input.locales.map(
        (l) =>
          html`<li><a href="/admin/promotions/offers/${o.id}?locale=${l}" ${l === input.locale ? html`aria-current="page"` : ''}>${l}${o.description.texts[l] ? '' : ' (missing)'}</a></li>`,
      )}</ul></nav>`
}
<section class="panel"><form method="post" action="/admin/promotions/offers${input.isNew ? '' : `/${o.id}`}" enctype="multipart/form-data">${csrfField(input.csrf)}
<input type="hidden" name="locale" value="${input.locale}">
<fieldset ${editable || input.isNew ? '' : html`disabled`}><legend class="visually-hidden">Deposit offer</legend>
${input.isNew ? html`<div class="field"><label for="o-sysname">Sysname <span class="muted">(a-z, 0-9, _)</span></label><input id="o-sysname" name="sysname" required pattern="[a-z0-9_]{2,60}" placeholder="spring_reload"></div>` : ''}
<div class="field"><label for="o-title">Title (${input.locale}) <span class="muted">({percent}, {max}, {min}, {wager} are filled in)</span></label><input id="o-title" name="title" required maxlength="120" value="${words.title}"></div>
<div class="field"><label for="o-text">Text (${input.locale})</label><textarea id="o-text" name="text" maxlength="1000">${words.text}</textarea></div>
<div class="form-grid">
  <div class="field"><label for="o-condition">For</label><select id="o-condition" name="condition">${OFFER_CONDITIONS.map((c) => option(c, o.condition, CONDITION_NAMES[c]))}</select></div>
  <div class="field"><label for="o-percent">Bonus: percent of the deposit</label><input id="o-percent" name="percent" inputmode="numeric" required value="${promotion.percent}"></div>
  <div class="field"><label for="o-max">Bonus: at most</label><input id="o-max" name="max_amount" inputmode="decimal" required value="${amountValue(BigInt(promotion.max_amount))}"></div>
  <div class="field"><label for="o-wager">Wagering multiplier <span class="muted">(capped by the player’s jurisdiction)</span></label><input id="o-wager" name="wager" inputmode="numeric" required value="${promotion.wager}"></div>
  <div class="field"><label for="o-template">Bonus template <span class="muted">(max bet, contributions, validity)</span></label><select id="o-template" name="template">${templates.map((t) => option(t.sysname, template))}</select></div>
  <div class="field"><label for="o-min">Smallest deposit</label><input id="o-min" name="min_amount" inputmode="decimal" value="${amountValue(o.minAmount)}"></div>
  <div class="field"><label for="o-priority">Priority <span class="muted">(lower first)</span></label><input id="o-priority" name="priority" inputmode="numeric" value="${o.priority}"></div>
  <div class="field"><label for="o-start">Starts (UTC)</label><input id="o-start" name="starts_at" value="${dateValue(o.startsAt)}" placeholder="YYYY-MM-DD or YYYY-MM-DDTHH:MM"></div>
  <div class="field"><label for="o-end">Ends (UTC)</label><input id="o-end" name="ends_at" value="${dateValue(o.endsAt)}" placeholder="YYYY-MM-DD or YYYY-MM-DDTHH:MM"></div>
  <div class="field"><label for="o-locales">Site languages <span class="muted">(empty: all; e.g. en de)</span></label><input id="o-locales" name="locales" value="${o.locales.join(' ')}"></div>
  <div class="field"><label for="o-countries">Player countries <span class="muted">(empty: all; ISO codes, e.g. GB DE)</span></label><input id="o-countries" name="countries" value="${o.countries.join(' ')}"></div>
  ${segmentField('o-segment', input.segments, o.segmentId)}
</div>
${imageField(o)}
<fieldset class="checks"><legend>Not with these payment methods</legend>${input.methods.map(
    (m) =>
      html`<label class="check"><input type="checkbox" name="exclude_methods" value="${m.sysname}" ${o.excludeMethods.includes(m.sysname) ? html`checked` : ''}> <span>${m.name}</span></label>`,
  )}</fieldset>
<label class="check"><input type="checkbox" name="is_active" value="1" ${o.isActive ? html`checked` : ''}> <span>Active (offered while in its window)</span></label>
</fieldset>
${editable || input.isNew ? html`<div class="actions"><button class="btn btn-primary" type="submit">${input.isNew ? 'Create offer' : 'Save offer'}</button></div>` : ''}
</form></section>
${input.canEdit && !input.isNew ? offerActions(o, input.csrf) : ''}`;
};

/** The offer's English title with its terms filled in, as the cashier shows it. */
const titleOf = (o: TCampaignOffer) => {
  const title = o.description.texts.en?.title ?? o.sysname;
  const terms = termsOf(o);
  return terms ? offerText(title, terms, DEFAULT_CURRENCY) : title;
};

/** Retiring is for good: this page says so, and only its button's post (confirmed=1) retires. */
export const retireOfferConfirmBody = (o: TCampaignOffer, csrf: string) => {
  const back = `/admin/promotions/offers/${o.id}`;
  return html`<div class="page-head"><div><p class="sub"><a href="${back}">Back</a></p><h1>Retire ${o.sysname}?</h1>
<p class="sub">Check before it acts: nothing has changed yet.</p></div></div>
<section class="panel confirm" aria-labelledby="confirm-title" data-confirm="deposit_offer_retire">
  <h2 id="confirm-title">The cashier will never offer “${titleOf(o)}” again.</h2>
  <dl class="facts"><dt>Offer</dt><dd>${o.sysname}</dd><dt>Bonus</dt><dd>${bonusText(o)}</dd><dt>Status now</dt><dd>${o.isActive ? 'active' : 'off'}</dd></dl>
  <p class="flash flash-error" role="note">Retiring cannot be undone. Bonuses it granted keep their terms; copy it to run it again.</p>
  <form method="post" action="${back}/retire" class="gap-above">${csrfField(csrf)}
    <input type="hidden" name="confirmed" value="1">
    <div class="actions"><button class="btn btn-danger" type="submit">Retire for good</button><a class="btn btn-secondary" href="${back}">Cancel</a></div>
  </form>
</section>`;
};
