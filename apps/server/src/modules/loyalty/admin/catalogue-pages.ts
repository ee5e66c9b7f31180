/**
 * The loyalty catalogue's pages: the overview, a kind's list (levels, programs, quests, products, characters) and
 * a row's form, drawn from the kind's fields. A refused form comes back with what was typed and each problem.
 */
import { AVAILABLE_LOCALES } from '@casino/contracts/countries';
import { badge, csrfField, dateTime, type Html, html, time } from '../../backoffice/index.ts';
import type { TCatalogueRow } from '../catalogue.ts';
import type { TField, TFormValues, TProblems } from '../catalogue-fields.ts';
import { formValuesOf } from '../catalogue-fields.ts';
import { CATALOGUE_KINDS, type TCatalogueKind } from '../catalogue-kinds.ts';
import type { TItemOrder } from '../item-orders.ts';

const PROBLEM_TEXT: Record<string, string> = {
  requiredField: 'is required',
  wrongField: 'is not valid (check the format; control characters are not allowed)',
  duplicate: 'is already used by another row',
  maxLength: 'is too long',
  minValue: 'is too small',
  maxValue: 'is too large',
  beforeStart: 'must come after the start',
  firstLevel: 'the first level starts at 0, stays at 0 and stays active',
  notFound: 'was not found',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const labelOf = (kind: TCatalogueKind, name: string) =>
  kind.fields.find((f) => f.name === name)?.label ?? name;

export const problemsBox = (
  kind: TCatalogueKind,
  problems: TProblems,
) => html`<div class="flash flash-error" role="alert">
  <strong>Not saved.</strong> <ul>${Object.entries(problems).map(
    ([name, code]) => html`<li>${labelOf(kind, name)}: ${PROBLEM_TEXT[code] ?? 'is not valid'}</li>`,
  )}</ul></div>`;

export const kindTabs = (current: string | null) => html`<nav aria-label="Loyalty catalogue"><ul class="tabs">
  <li><a href="/admin/loyalty" ${current === null ? html`aria-current="page"` : ''}>Overview</a></li>
  ${CATALOGUE_KINDS.map(
    (k) =>
      html`<li><a href="/admin/loyalty/${k.id}" ${k.id === current ? html`aria-current="page"` : ''}>${k.title}</a></li>`,
  )}</ul></nav>`;

export const loyaltyIndexBody = (input: {
  counts: { kind: TCatalogueKind; active: number; total: number }[];
}) => html`<div class="page-head"><div><h1>Loyalty</h1>
<p class="sub">The VIP ladder, programs, quests, the shop and characters. Rows are switched off, never deleted: players’ claims and orders refer to them. A player’s points are on the player’s page.</p></div></div>
${kindTabs(null)}
<section class="panel"><div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Catalogue</th><th scope="col" class="num">Active</th><th scope="col" class="num">All</th></tr></thead>
<tbody>${input.counts.map(
  (c) => html`<tr><td data-label="Catalogue"><a href="/admin/loyalty/${c.kind.id}">${c.kind.title}</a></td>
  <td data-label="Active" class="num">${c.active}</td><td data-label="All" class="num">${c.total}</td></tr>`,
)}</tbody></table></div></section>`;

/** One field's value as the list shows it. */
const summaryOf = (field: TField, row: TCatalogueRow, dependent: string | undefined): Html | string => {
  const values = formValuesOf(field, row, dependent);
  if (field.type === 'texts') return values[`${field.name}.en`] ?? '';
  if (field.type === 'reward') {
    const type = values[`${field.name}_type`];
    if (!type) return html`<span class="muted">none</span>`;
    return `${type} ${values[`${field.name}_amount`]}`;
  }
  if (field.type === 'date')
    return values[field.name] ? dateTime(new Date(`${values[field.name]}:00Z`)) : '—';
  if (field.name === 'stock') return values.stock === '' ? 'unlimited' : (values.stock ?? '');
  return values[field.name] ?? '';
};

const dependentOf = (kind: TCatalogueKind, row: TCatalogueRow) =>
  kind.id === 'quests' ? String(row.kind) : kind.id === 'products' ? String(row.type) : undefined;

export const loyaltyListBody = (input: { kind: TCatalogueKind; rows: TCatalogueRow[]; canEdit: boolean }) => {
  const { kind } = input;
  const columns = kind.summary.map((name) => kind.fields.find((f) => f.name === name)).filter((f) => !!f);
  return html`<div class="page-head"><div><h1>${kind.title}</h1>
<p class="sub">${input.rows.length} rows, active and switched off.</p></div>
${input.canEdit ? html`<a class="btn btn-primary" href="/admin/loyalty/${kind.id}/new">New ${kind.singular}</a>` : ''}</div>
${kindTabs(kind.id)}
<section class="panel">${
    input.rows.length === 0
      ? html`<p class="empty">Nothing here yet.</p>`
      : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Sysname</th>${columns.map((f) => html`<th scope="col">${f.label}</th>`)}${
          kind.id === 'products' ? html`<th scope="col" class="num">Sold</th>` : ''
        }<th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${input.rows.map(
          (
            row,
          ) => html`<tr data-row="${row.sysname}"><td data-label="Sysname" class="mono">${row.sysname}</td>
  ${columns.map((f) => html`<td data-label="${f.label}">${summaryOf(f, row, dependentOf(kind, row))}</td>`)}
  ${kind.id === 'products' ? html`<td data-label="Sold" class="num">${Number(row.sold ?? 0)}</td>` : ''}
  <td data-label="Status">${row.is_active ? badge('active', 'good') : badge('switched off')}</td>
  <td class="actions-cell"><a class="btn btn-secondary btn-sm" href="/admin/loyalty/${kind.id}/${row.id}">${input.canEdit ? 'Edit' : 'View'}</a></td></tr>`,
        )}</tbody></table></div>`
  }</section>`;
};

const input = (id: string, name: string, value: string, extra: Html | string = '') =>
  html`<input id="${id}" name="${name}" value="${value}" ${extra}>`;

const fieldControl = (
  field: TField & { createOnly?: boolean },
  values: TFormValues,
  options: { editing: boolean; programs: { id: number; sysname: string }[] },
): Html => {
  const id = `f-${field.name}`;
  const value = values[field.name] ?? '';
  const help = field.help ? html`<p class="hint" id="${id}-hint">${field.help}</p>` : '';
  const described = field.help ? html`aria-describedby="${id}-hint"` : '';
  if (options.editing && field.createOnly)
    return html`<div class="field"><span class="label">${field.label}</span> <code>${value || '—'}</code><p class="hint">${field.name === 'stock' ? 'Set it with the stock form below.' : 'Fixed once created.'}</p></div>`;
  switch (field.type) {
    case 'texts':
      return html`<fieldset class="field"><legend>${field.label}</legend>
        ${AVAILABLE_LOCALES.slice(0, 1).map((l) => textInput(field, values, l, `${id}-${l}`))}
        <details><summary>Other languages (empty: English is shown)</summary>
        ${AVAILABLE_LOCALES.slice(1).map((l) => textInput(field, values, l, `${id}-${l}`))}</details></fieldset>`;
    case 'enum':
      return html`<div class="field"><label for="${id}">${field.label}</label>
        <select id="${id}" name="${field.name}" ${described}>${field.options.map(
          (o) => html`<option value="${o}" ${o === value ? html`selected` : ''}>${o}</option>`,
        )}</select>${help}</div>`;
    case 'program':
      return html`<div class="field"><label for="${id}">${field.label}</label>
        <select id="${id}" name="${field.name}">${options.programs.map(
          (p) =>
            html`<option value="${p.id}" ${String(p.id) === value ? html`selected` : ''}>${p.sysname}</option>`,
        )}</select></div>`;
    case 'reward': {
      const type = values[`${field.name}_type`] ?? '';
      const kinds = field.nullable ? ['none', ...field.kinds] : field.kinds;
      return html`<fieldset class="field"><legend>${field.label}</legend><div class="row">
        <div class="field"><label for="${id}-type">Type</label><select id="${id}-type" name="${field.name}_type">${kinds.map(
          (k) =>
            html`<option value="${k}" ${k === type || (k === 'none' && !type) ? html`selected` : ''}>${k}</option>`,
        )}</select></div>
        <div class="field"><label for="${id}-amount">Amount</label>${input(
          `${id}-amount`,
          `${field.name}_amount`,
          values[`${field.name}_amount`] ?? '',
          html`inputmode="decimal"`,
        )}</div></div>${help}</fieldset>`;
    }
    case 'date':
      return html`<div class="field"><label for="${id}">${field.label}</label>${input(
        id,
        field.name,
        value,
        html`type="datetime-local" ${field.nullable ? '' : html`required`} ${described}`,
      )}${help}</div>`;
    default: {
      const numeric = ['points', 'int', 'questTarget', 'productReward'].includes(field.type);
      return html`<div class="field"><label for="${id}">${field.label}</label>${input(
        id,
        field.name,
        value,
        html`${numeric ? html`inputmode="decimal"` : ''} ${described}`,
      )}${help}</div>`;
    }
  }
};

const textInput = (field: TField, values: TFormValues, locale: string, id: string) => {
  const name = `${field.name}.${locale}`;
  const value = values[name] ?? '';
  const label = html`<label for="${id}">${locale.toUpperCase()}</label>`;
  const multiline = field.type === 'texts' && field.multiline;
  const dir = locale === 'ar' ? html`dir="rtl"` : '';
  return html`<div class="field">${label}${
    multiline
      ? html`<textarea id="${id}" name="${name}" ${dir}>${value}</textarea>`
      : html`<input id="${id}" name="${name}" value="${value}" ${dir}>`
  }</div>`;
};

export const loyaltyFormBody = (input: {
  kind: TCatalogueKind;
  row: TCatalogueRow | null;
  values: TFormValues;
  problems: TProblems | null;
  canEdit: boolean;
  csrf: string;
  programs: { id: number; sysname: string }[];
  /** An item's orders (products of type item only). */
  orders?: TItemOrder[] | null;
}) => {
  const { kind, row } = input;
  const action = row ? `/admin/loyalty/${kind.id}/${row.id}` : `/admin/loyalty/${kind.id}`;
  const controls = kind.fields.map((f) =>
    fieldControl(f, input.values, { editing: row !== null, programs: input.programs }),
  );
  return html`<div class="page-head"><div><h1>${row ? html`${capitalised(kind.singular)} <code>${row.sysname}</code>` : `New ${kind.singular}`}</h1>
<p class="sub">${row ? (row.is_active ? badge('active', 'good') : badge('switched off')) : 'Every change is in the audit log.'}</p></div>
<a class="btn btn-secondary" href="/admin/loyalty/${kind.id}">← ${kind.title}</a></div>
${input.problems ? problemsBox(kind, input.problems) : ''}
<section class="panel"><form method="post" action="${action}" novalidate>${csrfField(input.csrf)}
<fieldset class="plain" ${input.canEdit ? '' : html`disabled`}><legend class="visually-hidden">${kind.singular}</legend>
${controls}
${input.canEdit ? html`<button class="btn btn-primary" type="submit">${row ? 'Save changes' : `Create ${kind.singular}`}</button>` : ''}
</fieldset></form></section>
${row && input.canEdit ? rowActions(kind, row, input.csrf) : ''}
${row && input.orders ? ordersPanel(row, input.orders, input.canEdit, input.csrf) : ''}`;
};

const rowActions = (
  kind: TCatalogueKind,
  row: TCatalogueRow,
  csrf: string,
) => html`<section class="panel" aria-labelledby="status-title">
<h2 id="status-title">Status</h2>
<form method="post" action="/admin/loyalty/${kind.id}/${row.id}/active">${csrfField(csrf)}
  <input type="hidden" name="active" value="${row.is_active ? '0' : '1'}">
  <button class="btn ${row.is_active ? 'btn-danger' : 'btn-secondary'}" type="submit">${row.is_active ? `Switch off this ${kind.singular}` : `Switch on this ${kind.singular}`}</button>
  <p class="hint">Players stop seeing a switched-off ${kind.singular}; what they earned or bought stays.</p>
</form></section>
${
  kind.id === 'products'
    ? html`<section class="panel" aria-labelledby="stock-title"><h2 id="stock-title">Stock</h2>
<p>Left: <strong data-testid="stock">${row.stock === null ? 'unlimited' : String(row.stock)}</strong> · sold: <strong>${Number(row.sold ?? 0)}</strong></p>
<form method="post" action="/admin/loyalty/products/${row.id}/stock">${csrfField(csrf)}
  <div class="field"><label for="stock">Units on sale (empty: unlimited)</label>
  <input id="stock" name="stock" inputmode="numeric" value="${row.stock === null ? '' : String(row.stock)}"></div>
  <button class="btn btn-secondary" type="submit">Set stock</button>
</form></section>`
    : ''
}`;

const ordersPanel = (
  row: TCatalogueRow,
  orders: TItemOrder[],
  canEdit: boolean,
  csrf: string,
) => html`<section class="panel" aria-labelledby="orders-title"><h2 id="orders-title">Orders to deliver</h2>
${
  orders.length === 0
    ? html`<p class="empty">Nobody has bought it yet.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Order</th><th scope="col">Player</th><th scope="col">Bought</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${orders.map(
        (o) => html`<tr data-order="${o.id}"><td data-label="Order" class="mono">#${o.id}</td>
  <td data-label="Player"><a href="/admin/players/${o.playerId}">#${o.playerId}</a></td>
  <td data-label="Bought">${time(o.createdAt)}</td>
  <td data-label="Status">${o.status === 'delivered' ? badge('delivered', 'good') : badge('to deliver', 'warn')}</td>
  <td class="actions-cell">${
    o.status === 'pending_delivery' && canEdit
      ? html`<form method="post" action="/admin/loyalty/products/${row.id}/orders/${o.id}/delivered">${csrfField(csrf)}<button class="btn btn-primary btn-sm" type="submit">Mark delivered</button></form>`
      : ''
  }</td></tr>`,
      )}</tbody></table></div>`
}</section>`;
