/** The player's page: their bonuses (status, wagering progress), freespins packs, and the grant and cancel forms. */
import type { TFreespinsItem } from '@casino/contracts/calls/freespins';
import type { TPlayerPagePanel } from '../../backoffice/index.ts';
import { badge, csrfField, html, money, time } from '../../backoffice/index.ts';
import { freespinsGames, listFreespins } from '../../games/index.ts';
import type { TBonusTemplate, TPlayerBonus } from '../schema.ts';
import { listTemplates, playerBonusesOf } from '../templates-admin.ts';

export interface TPlayerBonusesInput {
  playerId: number;
  currency: string;
  bonuses: { bonus: TPlayerBonus; template: string | null }[];
  freespins: TFreespinsItem[];
  templates: TBonusTemplate[];
  games: { sysname: string; name: string; minBet: bigint; maxBet: bigint }[];
  canGrant: boolean;
  csrf: string;
  /** One-time keys for the grant forms (a double submit grants once). */
  bonusKey: string;
  freespinsKey: string;
}

const TONE: Record<string, 'good' | 'warn' | 'bad' | 'neutral' | 'info'> = {
  active: 'good',
  available: 'info',
  completed: 'good',
  forfeited: 'bad',
  cancelled: 'neutral',
  expired: 'neutral',
};

const progress = (b: TPlayerBonus, currency: string) => {
  const wagered = b.wagered < b.wagerRequirement ? b.wagered : b.wagerRequirement;
  const percent = b.wagerRequirement === 0n ? 100 : Number((wagered * 100n) / b.wagerRequirement);
  return html`<div class="nowrap">${money(wagered, currency)} / ${money(b.wagerRequirement, currency)}</div>
  <progress max="100" value="${percent}" aria-label="Wagered ${percent}%">${percent}%</progress>`;
};

const cancelForm = (playerId: number, b: TPlayerBonus, csrf: string) => html`<details class="inline">
  <summary class="btn btn-secondary btn-sm" aria-label="Cancel bonus #${b.id}">Cancel…</summary>
  <form class="decline-form" method="post" action="/admin/players/${playerId}/bonuses/${b.id}/cancel">
    ${csrfField(csrf)}
    <label for="cancel-reason-${b.id}">Reason (recorded; ${b.status === 'active' ? 'the bonus money goes back to the house' : 'the bonus never starts'})</label>
    <input id="cancel-reason-${b.id}" name="reason" required minlength="5" maxlength="500">
    <button class="btn btn-danger btn-sm" type="submit">Cancel bonus…</button>
  </form>
</details>`;

const bonusesTable = (input: TPlayerBonusesInput) =>
  input.bonuses.length === 0
    ? html`<p class="empty">No bonus yet.</p>`
    : html`<div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">Bonus</th><th scope="col">Status</th><th scope="col" class="num">Amount</th><th scope="col">Wagered / required</th><th scope="col">Max bet</th><th scope="col">Expires</th><th scope="col">From</th>${input.canGrant ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : ''}</tr></thead>
  <tbody>${input.bonuses.map(
    ({ bonus: b, template }) => html`<tr data-bonus="${b.id}">
    <td data-label="Bonus"><span class="mono">#${b.id}</span> ${template ?? '—'} <span class="muted">${b.type} · ${b.wagerMultiplier}×</span></td>
    <td data-label="Status">${badge(b.status, TONE[b.status] ?? 'neutral')}${b.finishReason ? html`<div class="muted">${b.finishReason}</div>` : ''}</td>
    <td data-label="Amount" class="num">${money(b.amount, input.currency)}${b.lost > 0n ? html`<div class="muted">lost ${money(b.lost, input.currency)}</div>` : ''}${b.converted > 0n ? html`<div class="muted">converted ${money(b.converted, input.currency)}</div>` : ''}</td>
    <td data-label="Wagered / required">${progress(b, input.currency)}</td>
    <td data-label="Max bet">${b.maxBet === null ? html`<span class="muted">none</span>` : money(b.maxBet, input.currency)}</td>
    <td data-label="Expires">${time(b.expiresAt)}</td>
    <td data-label="From">${b.source.replaceAll('_', ' ')}${b.sourceRef ? html`<div class="muted">${b.sourceRef.length > 60 ? `${b.sourceRef.slice(0, 60)}…` : b.sourceRef}</div>` : ''}</td>
    ${input.canGrant ? html`<td>${b.status === 'active' || b.status === 'available' ? cancelForm(input.playerId, b, input.csrf) : ''}</td>` : ''}
  </tr>`,
  )}</tbody></table></div>`;

const freespinsTable = (input: TPlayerBonusesInput) =>
  input.freespins.length === 0
    ? ''
    : html`<h3>Free spins</h3><div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">Slot</th><th scope="col">Status</th><th scope="col" class="num">Spins left</th><th scope="col" class="num">Stake</th><th scope="col">Expires</th></tr></thead>
  <tbody>${input.freespins.map(
    (
      f,
    ) => html`<tr><td data-label="Slot">${f.game.name}</td><td data-label="Status">${badge(f.status, f.status === 'active' ? 'good' : 'neutral')}</td>
    <td data-label="Spins left" class="num">${f.remaining_count} / ${f.count}</td><td data-label="Stake" class="num">${f.bet.toFixed(2)}</td>
    <td data-label="Expires">${f.expires_at ? time(new Date(f.expires_at)) : '—'}</td></tr>`,
  )}</tbody></table></div>`;

const grantForm = (
  input: TPlayerBonusesInput,
) => html`<form method="post" action="/admin/players/${input.playerId}/bonuses/grant">
  ${csrfField(input.csrf)}
  <input type="hidden" name="key" value="${input.bonusKey}">
  <div class="field"><label for="grant-template">Template</label>
    <select id="grant-template" name="template" required><option value="">Choose…</option>${input.templates
      .filter((t) => t.isActive)
      .map(
        (t) =>
          html`<option value="${t.sysname}">${t.sysname} (${t.type}, ${t.wagerMultiplier}×${t.amount === null ? ', amount required' : `, ${money(t.amount, input.currency)}`})</option>`,
      )}</select></div>
  <div class="field"><label for="grant-amount">Amount (${input.currency}; empty: the template’s)</label>
    <input id="grant-amount" name="amount" inputmode="decimal" pattern="[0-9]+([.][0-9]{1,2})?" placeholder="10.00"></div>
  <div class="field"><label for="grant-reason">Reason (recorded in the audit log)</label>
    <textarea id="grant-reason" name="reason" required minlength="5" maxlength="500"></textarea></div>
  <button class="btn btn-primary" type="submit">Grant bonus</button>
  <p class="hint">The money comes from the house bonus account; wagering follows the template.</p>
</form>`;

const freespinsForm = (
  input: TPlayerBonusesInput,
) => html`<form method="post" action="/admin/players/${input.playerId}/freespins/grant">
  ${csrfField(input.csrf)}
  <input type="hidden" name="key" value="${input.freespinsKey}">
  <div class="field"><label for="fs-game">Slot</label>
    <select id="fs-game" name="game" required><option value="">Choose…</option>${input.games.map(
      (g) =>
        html`<option value="${g.sysname}">${g.name} (${money(g.minBet, input.currency)}–${money(g.maxBet, input.currency)})</option>`,
    )}</select></div>
  <div class="row gap-below">
    <div class="field"><label for="fs-count">Spins</label><input id="fs-count" name="count" inputmode="numeric" required pattern="[0-9]+" value="10"></div>
    <div class="field"><label for="fs-bet">Stake each</label><input id="fs-bet" name="bet" inputmode="decimal" required pattern="[0-9]+([.][0-9]{1,2})?" value="0.20"></div>
    <div class="field"><label for="fs-days">Days</label><input id="fs-days" name="days" inputmode="numeric" pattern="[0-9]+" placeholder="7"></div>
  </div>
  <div class="field"><label for="fs-reason">Reason (recorded in the audit log)</label>
    <textarea id="fs-reason" name="reason" required minlength="5" maxlength="500"></textarea></div>
  <button class="btn btn-primary" type="submit">Grant free spins</button>
  <p class="hint">Their winnings become a bonus with wagering.</p>
</form>`;

const bonusesPanelBody = (
  input: TPlayerBonusesInput,
) => html`<section class="panel" aria-labelledby="bonuses-title" id="bonuses">
  <h2 id="bonuses-title">Bonuses <span class="muted">${input.bonuses.filter((b) => b.bonus.status === 'active' || b.bonus.status === 'available').length} open</span></h2>
  ${bonusesTable(input)}
  ${freespinsTable(input)}
</section>
${
  input.canGrant
    ? html`<div class="grid">
  <section class="panel" aria-labelledby="grant-title"><h2 id="grant-title">Grant a bonus</h2>${grantForm(input)}</section>
  <section class="panel" aria-labelledby="fs-title"><h2 id="fs-title">Grant free spins</h2>${freespinsForm(input)}</section>
</div>`
    : ''
}`;

/** The player page's bonuses: what the operator's role may see and do (grant and cancel with bonuses.grant). */
export const playerBonusesPanel: TPlayerPagePanel = {
  slot: 'below',
  draw: async (ctx, { player, allowed, csrf }) => {
    const canGrant = allowed('bonuses.grant');
    const [bonuses, freespins, templates, games] = await Promise.all([
      playerBonusesOf(ctx.db, player.id),
      listFreespins(ctx.db, {
        playerId: player.id,
        status: 'all',
        offset: 0,
        count: 10,
        now: ctx.providers.clock.now(),
      }),
      canGrant ? listTemplates(ctx.db) : [],
      canGrant ? freespinsGames(ctx.db) : [],
    ]);
    return bonusesPanelBody({
      playerId: player.id,
      currency: player.currency,
      bonuses,
      freespins: freespins.items,
      templates,
      games,
      canGrant,
      csrf,
      bonusKey: ctx.providers.random.uuid(),
      freespinsKey: ctx.providers.random.uuid(),
    });
  },
};
