/** The player's page: the CRM panel (risk flags, tags, notes, the way to the game rounds) and its forms. */
import type { TPlayerPagePanel } from '../../backoffice/index.ts';
import { badge, csrfField, dateTime, type Html, html } from '../../backoffice/index.ts';
import { playerCrm } from '../player-crm.ts';
import { RISK_FLAGS } from '../schema.ts';
import { FLAG_TEXT } from './list-page.ts';

type TCrm = Awaited<ReturnType<typeof playerCrm>>;

const flagsPart = (playerId: number, crm: TCrm, csrf: string, edit: boolean): Html => html`<h3>Risk flags</h3>
${
  crm.flags.length === 0
    ? html`<p class="muted">No risk flag.</p>`
    : html`<ul class="plain">${crm.flags.map(
        (
          f,
        ) => html`<li data-flag="${f.flag}">${badge(FLAG_TEXT[f.flag] ?? f.flag, 'bad')} ${f.reason} <span class="muted">${f.setBy}, ${dateTime(f.setAt)}</span>
        ${
          edit
            ? html`<form method="post" action="/admin/players/${playerId}/flags/clear" class="inline">${csrfField(csrf)}<input type="hidden" name="flag" value="${f.flag}">
          <label class="visually-hidden" for="clear-${f.flag}">Why clear it</label><input id="clear-${f.flag}" name="reason" required minlength="3" maxlength="500" placeholder="Why clear it">
          <button class="btn btn-ghost btn-sm" type="submit">Clear</button></form>`
            : ''
        }</li>`,
      )}</ul>`
}
${
  edit
    ? html`<form method="post" action="/admin/players/${playerId}/flags" class="filters">${csrfField(csrf)}
  <div class="field"><label for="flag">Flag</label><select id="flag" name="flag">${RISK_FLAGS.map((f) => html`<option value="${f}">${FLAG_TEXT[f] ?? f}</option>`)}</select></div>
  <div class="field"><label for="flag-reason">Reason</label><input id="flag-reason" name="reason" required minlength="3" maxlength="500"></div>
  <button class="btn btn-secondary" type="submit">Set flag</button></form>`
    : ''
}`;

const tagsPart = (playerId: number, crm: TCrm, csrf: string, edit: boolean): Html => html`<h3>Tags</h3>
<p>${
  crm.tags.length === 0
    ? html`<span class="muted">No tags.</span>`
    : crm.tags.map(
        (t) =>
          html`<span class="tag" data-tag="${t.tag}"><a href="/admin/players?tag=${encodeURIComponent(t.tag)}">${badge(t.tag, 'info')}</a>${
            edit
              ? html`<form method="post" action="/admin/players/${playerId}/tags/remove" class="inline">${csrfField(csrf)}<input type="hidden" name="tag" value="${t.tag}"><button class="btn btn-ghost btn-sm" type="submit" aria-label="Remove tag ${t.tag}">×</button></form>`
              : ''
          }</span> `,
      )
}</p>
${edit ? html`<form method="post" action="/admin/players/${playerId}/tags" class="filters">${csrfField(csrf)}<div class="field"><label for="tag">Tag</label><input id="tag" name="tag" required maxlength="40"></div><button class="btn btn-secondary" type="submit">Add tag</button></form>` : ''}`;

const notesPart = (playerId: number, crm: TCrm, csrf: string, edit: boolean): Html => html`<h3>Notes</h3>
${edit ? html`<form method="post" action="/admin/players/${playerId}/notes">${csrfField(csrf)}<div class="field"><label for="note">New note</label><textarea id="note" name="note" required maxlength="2000" rows="2"></textarea></div><button class="btn btn-secondary" type="submit">Add note</button></form>` : ''}
${
  crm.notes.length === 0
    ? html`<p class="muted">No notes.</p>`
    : html`<ol class="plain notes">${crm.notes.map(
        (n) =>
          html`<li><p>${n.body}</p><p class="muted">${n.operatorEmail}, ${dateTime(n.createdAt)}</p></li>`,
      )}</ol>`
}`;

export const crmPlayerPanel: TPlayerPagePanel = {
  slot: 'beside',
  draw: async (ctx, { player, allowed, csrf }) => {
    const crm = await playerCrm(ctx.db, player.id);
    const edit = allowed('crm.edit');
    return html`<section class="panel" aria-labelledby="crm-title">
  <h2 id="crm-title">Notes, tags and risk flags</h2>
  ${allowed('rounds.read') ? html`<p><a href="/admin/players/${player.id}/rounds">Game rounds</a> <span class="muted">games, stakes and wins, round by round</span></p>` : ''}
  ${flagsPart(player.id, crm, csrf, edit)}
  ${tagsPart(player.id, crm, csrf, edit)}
  ${notesPart(player.id, crm, csrf, edit)}
</section>`;
  },
};
