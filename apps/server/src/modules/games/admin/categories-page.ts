/** The order of the game hall's categories and of the home page's game rows: numbers, lowest first. */
import { badge, csrfField, html } from '../../backoffice/index.ts';
import type { TOperatorCategory } from '../catalogue/category-order.ts';
import { gamesTabs } from './games-pages.ts';

export const categoriesBody = (input: { items: TOperatorCategory[]; canEdit: boolean; csrf: string }) => {
  const homeRows = input.items
    .filter((c) => c.homePosition !== null)
    .sort((a, b) => Number(a.homePosition) - Number(b.homePosition));
  const readOnly = input.canEdit ? '' : html`disabled`;
  return html`<div class="page-head"><div><h1>Games</h1>
<p class="sub">The game hall lists categories by their order, lowest first; the home page shows the categories with a home row position as its game rows, lowest first.</p></div></div>
${gamesTabs('categories')}
<section class="panel" aria-labelledby="home-now"><h2 id="home-now">Home rows now</h2>${
    homeRows.length === 0
      ? html`<p class="empty">No home rows: the home page shows no game rows.</p>`
      : html`<ol data-home-rows>${homeRows.map((c) => html`<li data-home-row="${c.sysname}">${c.name}</li>`)}</ol>`
  }</section>
<form method="post" action="/admin/games/categories">${input.canEdit ? csrfField(input.csrf) : ''}
<section class="panel" aria-labelledby="cats"><h2 id="cats">Categories</h2>
<p class="hint">Order: a whole number from 0 to 100000. Home row: a whole number from 0 to 999, or empty for no home row.</p>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Category</th><th scope="col" class="num">Games</th><th scope="col">Order in the hall</th><th scope="col">Home row</th></tr></thead>
<tbody>${input.items.map(
    (c, i) => html`<tr data-category="${c.sysname}">
<td data-label="Category">${c.name} <span class="muted mono">${c.sysname}</span>${c.isHidden ? html` ${badge('hidden', 'warn')}` : ''}<input type="hidden" name="category" value="${c.sysname}"></td>
<td data-label="Games" class="num">${c.games}</td>
<td data-label="Order"><label class="visually-hidden" for="c-priority-${i}">Order of ${c.name}</label><input id="c-priority-${i}" name="priority" inputmode="numeric" value="${c.priority}" maxlength="6" ${readOnly}></td>
<td data-label="Home row"><label class="visually-hidden" for="c-home-${i}">Home row of ${c.name}</label><input id="c-home-${i}" name="home_position" inputmode="numeric" value="${c.homePosition ?? ''}" maxlength="3" ${readOnly}></td></tr>`,
  )}</tbody></table></div></section>
${input.canEdit ? html`<div class="actions"><button class="btn btn-primary" type="submit">Save the order</button></div>` : ''}
</form>`;
};
