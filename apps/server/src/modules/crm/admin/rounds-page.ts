/** A player's game rounds: round, game, stake, win, time, status (support reads it without the ledger). */
import { html, money, pager, statusBadge, time } from '../../backoffice/index.ts';
import type { TPlayer } from '../../players/index.ts';
import type { TRoundLine } from '../rounds.ts';

const STATUS_TEXT: Record<TRoundLine['status'], string> = {
  open: 'open',
  closed: 'settled',
  rolled_back: 'rolled_back',
};

export const roundsBody = (input: {
  player: TPlayer;
  rounds: TRoundLine[];
  hasMore: boolean;
  page: number;
  status: string;
}) => {
  const p = input.player;
  return html`<div class="page-head">
  <div><p class="sub"><a href="/admin/players">Players</a> / <a href="/admin/players/${p.id}">${p.login}</a></p><h1>Game rounds</h1>
  <p class="sub">Each round with its game, what was staked and won, newest first. Demo rounds move no money.</p></div>
</div>
<section class="panel">
  <form class="filters" method="get" action="/admin/players/${p.id}/rounds" aria-label="Filter the rounds">
    <div class="field"><label for="f-status">Status</label><select id="f-status" name="status"><option value="">Any</option>
      ${(['open', 'closed', 'rolled_back'] as const).map((s) => html`<option value="${s}" ${s === input.status ? 'selected' : ''}>${STATUS_TEXT[s].replace('_', ' ')}</option>`)}
    </select></div>
    <button class="btn btn-primary" type="submit">Filter</button>
  </form>
</section>
<section class="panel" aria-label="Rounds">
${
  input.rounds.length === 0
    ? html`<p class="empty">No game rounds${input.status ? ' with this status' : ''}.</p>`
    : html`<div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">Started</th><th scope="col">Game</th><th scope="col">Round</th><th scope="col" class="num">Stake</th><th scope="col" class="num">Win</th><th scope="col" class="num">Result</th><th scope="col">Status</th></tr></thead>
  <tbody>${input.rounds.map(
    (r) => html`<tr data-round="${r.roundId}">
    <td data-label="Started" class="nowrap">${time(r.startedAt)}</td>
    <td data-label="Game">${r.gameName ?? r.game}${r.mode === 'demo' ? html` <span class="muted">(demo)</span>` : ''}<div class="muted">${r.provider}</div></td>
    <td data-label="Round" class="mono">${r.roundId}</td>
    <td data-label="Stake" class="num">${money(r.stake, p.currency)}</td>
    <td data-label="Win" class="num">${money(r.win, p.currency)}</td>
    <td data-label="Result" class="num">${r.win - r.stake > 0n ? '+' : ''}${money(r.win - r.stake, p.currency)}</td>
    <td data-label="Status">${statusBadge(STATUS_TEXT[r.status])}</td>
  </tr>`,
  )}</tbody></table></div>`
}
${pager(`/admin/players/${p.id}/rounds`, { status: input.status }, input.page, input.hasMore)}
</section>`;
};
