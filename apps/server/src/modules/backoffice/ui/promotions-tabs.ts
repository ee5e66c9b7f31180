/** The tabs of the Promotions section: templates, promo codes, cashback, popups, banners, offers, wagering caps. */
import { html } from './html.ts';

export type TPromotionsTab =
  | 'templates'
  | 'codes'
  | 'cashback'
  | 'popups'
  | 'banners'
  | 'offers'
  | 'wagering';

const TABS: { id: TPromotionsTab; label: string; href: string }[] = [
  { id: 'templates', label: 'Bonus templates', href: '/admin/promotions' },
  { id: 'codes', label: 'Promo codes', href: '/admin/promotions/codes' },
  { id: 'cashback', label: 'Cashback', href: '/admin/promotions/cashback' },
  { id: 'popups', label: 'Popups', href: '/admin/promotions/popups' },
  { id: 'banners', label: 'Banners', href: '/admin/promotions/banners' },
  { id: 'offers', label: 'Deposit offers', href: '/admin/promotions/offers' },
  { id: 'wagering', label: 'Wagering caps', href: '/admin/promotions/wagering' },
];

export const promotionsTabs = (current: TPromotionsTab) =>
  html`<nav aria-label="Promotions"><ul class="tabs">${TABS.map(
    (t) =>
      html`<li><a href="${t.href}" ${t.id === current ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
  )}</ul></nav>`;

/** An amount field's value as the form shows it ('' for none). */
export const amountValue = (cents: bigint | null) =>
  cents === null ? '' : `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** A date field's value (YYYY-MM-DD, UTC; with the time when it is not midnight). */
export const dateValue = (at: Date | null) => {
  if (!at) return '';
  const iso = at.toISOString();
  return iso.slice(11, 16) === '00:00' ? iso.slice(0, 10) : iso.slice(0, 16);
};

export const readOnlyNote = (canEdit: boolean) =>
  canEdit ? '' : html`<p class="flash flash-ok" role="status">Your role may read these, not change them.</p>`;

const choice = (value: string, current: string, label: string) =>
  html`<option value="${value}" ${value === current ? html`selected` : ''}>${label}</option>`;

/**
 * The segment choice (shared CRM segments, ADR 068): the same select on deposit offers, popups, bonus templates and
 * banners. A segment gone since stays named, so the operator sees that the item matches nobody.
 */
export const segmentField = (
  id: string,
  segments: readonly { id: number; name: string }[],
  current: number | null,
) => html`<div class="field"><label for="${id}">Player segment <span class="muted">(shared CRM segments; empty: every player; visitors are in none)</span></label>
<select id="${id}" name="segment_id"><option value="">— every player —</option>${segments.map((s) =>
  choice(String(s.id), current === null ? '' : String(current), s.name),
)}${
  current !== null && !segments.some((s) => s.id === current)
    ? choice(String(current), String(current), `segment #${current} (gone: matches nobody)`)
    : ''
}</select></div>`;
