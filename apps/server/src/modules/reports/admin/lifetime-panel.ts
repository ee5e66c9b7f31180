/** The player page's lifetime value, from the report aggregates, to roles that read reports or the ledger. */
import type { TPlayerPagePanel } from '../../backoffice/index.ts';
import { html, money } from '../../backoffice/index.ts';
import { playerLifetime } from '../report-queries.ts';

type TLifetime = Awaited<ReturnType<typeof playerLifetime>>;

const lifetimeBody = (
  life: TLifetime,
  currency: string,
) => html`<section class="panel" aria-labelledby="ltv-title">
  <h2 id="ltv-title">Lifetime value <span class="muted">${life.firstDay ? `since ${life.firstDay}, as of the last daily aggregation` : 'no activity aggregated yet'}</span></h2>
  <dl class="stats">
    <div class="stat"><dt>NGR (lifetime value)</dt><dd>${money(life.ngr, currency)}</dd></div>
    <div class="stat"><dt>GGR</dt><dd>${money(life.ggr, currency)}</dd></div>
    <div class="stat"><dt>Stakes</dt><dd>${money(life.stakes, currency)}</dd></div>
    <div class="stat"><dt>Deposits</dt><dd>${money(life.deposits, currency)}</dd></div>
    <div class="stat"><dt>Withdrawals</dt><dd>${money(life.withdrawals, currency)}</dd></div>
    <div class="stat"><dt>Bonus converted</dt><dd>${money(life.bonusConverted, currency)}</dd></div>
  </dl>
</section>`;

export const lifetimePanel: TPlayerPagePanel = {
  slot: 'summary',
  draw: async (ctx, { player, allowed }) =>
    allowed('reports.read') || allowed('ledger.read')
      ? lifetimeBody(await playerLifetime(ctx.db, player.id), player.currency)
      : null,
};
