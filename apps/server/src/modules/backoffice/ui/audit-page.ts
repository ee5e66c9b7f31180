/** The audit log page: newest first, filtered by operator, action, target and dates. */
import type { TAuditFilter } from '../audit-log.ts';
import type { TAuditRow } from '../schema.ts';
import { money, time } from './format.ts';
import { html } from './html.ts';
import { pager } from './layout.ts';

const isScalar = (value: unknown) => value === null || value === undefined || typeof value !== 'object';

const scalar = (value: unknown) => (value === null || value === undefined ? 'none' : String(value));

/**
 * The keys whose whole numbers are money in minor units (an amount, a balance, a limit, a stake…): shown as money
 * (`amount: $25.00` with the entry's currency, else `amount: 25.00`), not as cents. Counts, points, minutes and
 * days are not money.
 */
const MONEY_KEY =
  /(^|_)(amount|balance|lost|limit|stake|win|fee|prize|deposits?|withdrawals?|cap|net|total)(_|$)/;
const NOT_MONEY = /(count|points|minutes|days|hours|factor|percent|multiplier|players|sent|id)(_|$)/;
const WHOLE = /^-?\d{1,18}$/;
export const isMoneyKey = (key: string) => MONEY_KEY.test(key) && !NOT_MONEY.test(key);
const shownValue = (key: string, value: unknown, currency: string | undefined) =>
  isMoneyKey(key) &&
  ((typeof value === 'number' && Number.isSafeInteger(value)) ||
    (typeof value === 'string' && WHOLE.test(value)))
    ? money(BigInt(value as string | number), currency)
    : scalar(value);

/**
 * A before or after value as indented lines an operator reads (`key: value`; a nested object or a list of objects
 * one level further in; a list of plain values on one line), not as JSON text.
 */
export const auditLines = (value: unknown, indent = ''): string[] => {
  if (isScalar(value)) return [`${indent}${scalar(value)}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}none`];
    if (value.every(isScalar)) return [`${indent}${value.map(scalar).join(', ')}`];
    return value.flatMap((item) => {
      const [first = '', ...rest] = auditLines(item, `${indent}  `);
      return [`${indent}- ${first.trimStart()}`, ...rest];
    });
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [`${indent}none`];
  const currency = (value as Record<string, unknown>).currency;
  return entries.flatMap(([key, v]) => {
    if (isScalar(v))
      return [`${indent}${key}: ${shownValue(key, v, typeof currency === 'string' ? currency : undefined)}`];
    if (Array.isArray(v) && v.every(isScalar)) return [`${indent}${key}: ${auditLines(v)[0]}`];
    return [`${indent}${key}:`, ...auditLines(v, `${indent}  `)];
  });
};

const linesOf = (value: Record<string, unknown> | null) =>
  value && Object.keys(value).length ? auditLines(value) : [];

/** Per line: true when the other side does not have it (as many times), i.e. the change. */
export const changedLines = (lines: string[], other: string[]) => {
  const left = new Map<string, number>();
  for (const line of other) left.set(line, (left.get(line) ?? 0) + 1);
  return lines.map((line) => {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    return n === 0;
  });
};

/** One side of an entry; with both sides, what changed is marked (del before, ins after). */
const side = (lines: string[], other: string[], mark: 'del' | 'ins') => {
  if (lines.length === 0) return html`<span class="muted">—</span>`;
  const changed = other.length ? changedLines(lines, other) : lines.map(() => false);
  return html`<pre class="diff">${lines.map(
    (line, i) =>
      html`${i ? '\n' : ''}${changed[i] ? (mark === 'del' ? html`<del>${line}</del>` : html`<ins>${line}</ins>`) : line}`,
  )}</pre>`;
};

const beforeAndAfter = (row: TAuditRow) => {
  const [before, after] = [linesOf(row.before), linesOf(row.after)];
  return html`<td data-label="Before">${side(before, after, 'del')}</td>
      <td data-label="After">${side(after, before, 'ins')}</td>`;
};

/** Targets with a page of their own: `<path>/<id>`. */
const PAGE_OF = new Map([
  ['player', '/admin/players'],
  ['kyc', '/admin/kyc'],
  ['game', '/admin/games'],
  ['tournament', '/admin/competitions/tournaments'],
  ['jackpot', '/admin/competitions/jackpots'],
  ['setting', '/admin/settings'],
]);
/** Targets shown on a page that lists them all. */
const LIST_OF = new Map([
  ['game_categories', '/admin/games/categories'],
  ['operator', '/admin/operators'],
  ['withdrawal', '/admin/withdrawals'],
  ['job', '/admin/jobs'],
]);

/** The back-office page of an audited target, where it has one. */
export const targetHref = (type: string, id: string | null): string | null => {
  const at = (path: string) => (id ? `${path}/${encodeURIComponent(id)}` : null);
  const loyalty = /^loyalty_(level|program|quest|product|character)$/.exec(type);
  if (loyalty) return at(`/admin/loyalty/${loyalty[1]}s`);
  const page = PAGE_OF.get(type);
  if (page) return at(page);
  const list = LIST_OF.get(type);
  if (list) return list;
  // A market is `<event>/<market>/<specifiers>`: its event's page lists it.
  if (type === 'sb_market')
    return id ? `/admin/sportsbook/events/${encodeURIComponent(id.split('/')[0] ?? '')}` : null;
  // A player segment: a saved one by its id, a bulk action's by the list's query it acted on.
  if (type === 'segment') return id ? `/admin/players?${/^\d+$/.test(id) ? `segment=${id}` : id}` : null;
  // A page's translation is `<slug>/<locale>`.
  if (type === 'page')
    return id?.includes('/')
      ? `/admin/content/pages/${id.split('/').map(encodeURIComponent).join('/')}`
      : '/admin/content/pages';
  return null;
};

const target = (row: TAuditRow) => {
  if (!row.targetType) return html`<span class="muted">—</span>`;
  const href = targetHref(row.targetType, row.targetId);
  return href
    ? html`<a href="${href}">${row.targetType} #${row.targetId}</a>`
    : html`${row.targetType} <span class="mono">${row.targetId}</span>`;
};

export interface TAuditQuery {
  operator: string;
  action: string;
  target_type: string;
  target_id: string;
  from: string;
  to: string;
}

/** The export of what the page shows: the same filters, every entry (not one page). */
const exportHref = (query: TAuditQuery) => {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v));
  return `/admin/audit/export.csv${params.size ? `?${params}` : ''}`;
};

export const auditBody = (input: {
  query: TAuditQuery;
  filter: TAuditFilter;
  actions: string[];
  targetTypes: string[];
  rows: TAuditRow[];
  page: number;
  hasMore: boolean;
}) => html`<div class="page-head">
  <div><h1>Audit log</h1><p class="sub">Every operator action: who, what, on what, before and after, from where, when.</p></div>
</div>
<section class="panel">
  <form class="filters" method="get" action="/admin/audit" aria-label="Filter the audit log">
    <div class="field"><label for="f-operator">Operator</label><input id="f-operator" name="operator" value="${input.query.operator}" placeholder="e-mail"></div>
    <div class="field"><label for="f-action">Action</label><select id="f-action" name="action">
      <option value="">Any action</option>
      ${input.actions.map((a) => html`<option value="${a}" ${a === input.query.action ? 'selected' : ''}>${a}</option>`)}
    </select></div>
    <div class="field"><label for="f-type">Target</label><select id="f-type" name="target_type">
      <option value="">Any target</option>
      ${[...new Set([...input.targetTypes, input.query.target_type].filter(Boolean))]
        .sort()
        .map(
          (t) => html`<option value="${t}" ${t === input.query.target_type ? 'selected' : ''}>${t}</option>`,
        )}
    </select></div>
    <div class="field"><label for="f-id">Target id</label><input id="f-id" name="target_id" value="${input.query.target_id}"></div>
    <div class="field"><label for="f-from">From</label><input id="f-from" name="from" type="date" value="${input.query.from}"></div>
    <div class="field"><label for="f-to">To (inclusive)</label><input id="f-to" name="to" type="date" value="${input.query.to}"></div>
    <button class="btn btn-primary" type="submit">Filter</button>
    <a class="btn btn-secondary" href="/admin/audit">Clear</a>
    <a class="btn btn-secondary" href="${exportHref(input.query)}" download>Export CSV</a>
  </form>
</section>
<section class="panel" aria-label="Audit entries">
  ${
    input.rows.length === 0
      ? html`<p class="empty">No recorded actions match.</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Time</th><th scope="col">Operator</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">Reason</th><th scope="col">IP</th></tr></thead>
    <tbody>${input.rows.map(
      (r) => html`<tr>
      <td data-label="Time" class="nowrap">${time(r.at)}</td>
      <td data-label="Operator">${r.operatorEmail}</td>
      <td data-label="Action" class="mono">${r.action}</td>
      <td data-label="Target">${target(r)}</td>
      ${beforeAndAfter(r)}
      <td data-label="Reason">${r.reason ?? html`<span class="muted">—</span>`}</td>
      <td data-label="IP" class="mono">${r.ip ?? '—'}</td>
    </tr>`,
    )}</tbody></table></div>`
  }
  ${pager('/admin/audit', { ...input.query }, input.page, input.hasMore)}
</section>`;
