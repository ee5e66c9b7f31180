/** The player page's "Sign-up source": the first touch copied onto the player at registration (modules/events). */
import type { TPlayerPagePanel } from '../../backoffice/index.ts';
import { dateTime, html } from '../../backoffice/index.ts';
import { firstTouchOf, type TPlayerFirstTouch } from '../first-touch.ts';

const hostOf = (referer: string) => {
  try {
    return new URL(referer).host;
  } catch {
    return referer;
  }
};

/** One line an operator reads first: the campaign source, else the referring site, else direct. */
export const signUpSourceSummary = (touch: TPlayerFirstTouch) => {
  const { utm_source: source, utm_medium: medium, utm_campaign: campaign } = touch.params;
  if (source) return [source, medium, campaign].filter(Boolean).join(' / ');
  if (touch.referer) return hostOf(touch.referer);
  return 'Direct';
};

const sourcePanel = (
  touch: TPlayerFirstTouch | null,
) => html`<section class="panel" aria-labelledby="source-title">
  <h2 id="source-title">Sign-up source</h2>
  ${
    touch
      ? html`<dl class="facts">
    <dt>Source</dt><dd>${signUpSourceSummary(touch)}</dd>
    <dt>First seen</dt><dd>${dateTime(touch.firstSeenAt)}</dd>
    <dt>Landing page</dt><dd class="mono">${touch.landingPath ?? '—'}</dd>
    <dt>Referrer</dt><dd class="mono">${touch.referer ?? 'none (direct)'}</dd>
    <dt>Tracking params</dt><dd>${
      Object.keys(touch.params).length === 0
        ? html`<span class="muted">none</span>`
        : Object.entries(touch.params).map(([k, v]) => html`<div class="mono">${k}=${v}</div>`)
    }</dd>
  </dl>`
      : html`<p class="empty">No first touch was recorded before this player registered.</p>`
  }
</section>`;

/** The player page's panel beside the Account list. */
export const signUpSourcePanel: TPlayerPagePanel = {
  slot: 'beside',
  draw: async (ctx, { player }) => sourcePanel(await firstTouchOf(ctx.db, player.id)),
};
