/** The player list: filters, saved segments, the sorted and paged table with its count, export and bulk actions. */
import {
  badge,
  csrfField,
  dateTime,
  type Html,
  html,
  money,
  plural,
  statusBadge,
} from '../../backoffice/index.ts';
import {
  FILTER_FIELDS,
  KYC_STATUSES,
  narrows,
  PLAYER_STATUSES,
  RG_STATES,
  type TFilterField,
  type TFilterQuery,
} from '../player-filter.ts';
import { LIST_PAGE_SIZE, type TListedPlayer, type TPlayerMarks } from '../player-list.ts';
import { RISK_FLAGS, type TSegment } from '../schema.ts';

export interface TListPageInput {
  query: TFilterQuery;
  ignored: TFilterField[];
  rows: TListedPlayer[];
  marks: Map<number, TPlayerMarks>;
  total: number;
  page: number;
  segments: TSegment[];
  segmentId: number | null;
  levels: string[];
  tags: string[];
  /** Active bonus templates' sysnames (the segment's bonus form). */
  templates: string[];
  csrf: string;
  can: { export: boolean; edit: boolean; bonus: boolean };
}

const RG_TEXT: Record<(typeof RG_STATES)[number], string> = {
  time_out: 'In a time-out',
  self_exclusion: 'Self-excluded',
  limits: 'Has loss or session limits',
  none: 'None of those',
};
const KYC_TEXT: Record<string, string> = {
  none: 'Not started',
  on_verification: 'Awaiting review',
  verified: 'Verified',
  rejected: 'Rejected',
};
export const FLAG_TEXT: Record<string, string> = {
  fraud_suspected: 'Fraud suspected',
  bonus_abuse: 'Bonus abuse',
  chargeback: 'Chargeback',
  multi_account: 'Multi-accounting',
  payment_risk: 'Payment risk',
  under_review: 'Under review',
};
const SORT_TEXT: [string, string][] = [
  ['id', 'Newest (id)'],
  ['registered', 'Registration date'],
  ['login', 'Login'],
  ['net', 'Net deposits'],
  ['last_deposit', 'Last deposit'],
];

/** The list's address with these fields (empty ones left out). */
export const listHref = (
  query: Partial<TFilterQuery>,
  extra: Record<string, string> = {},
  base = '/admin/players',
) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...extra })) if (v) params.set(k, v);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
};

const select = (id: TFilterField, label: string, value: string, options: [string, string][], any = 'Any') =>
  html`<div class="field"><label for="f-${id}">${label}</label><select id="f-${id}" name="${id}">
    <option value="">${any}</option>${options.map(([v, text]) => html`<option value="${v}" ${v === value ? 'selected' : ''}>${text}</option>`)}
  </select></div>`;
const input = (id: TFilterField, label: string, value: string, type = 'text', extra = '') =>
  html`<div class="field"><label for="f-${id}">${label}</label><input id="f-${id}" name="${id}" type="${type}" value="${value}" ${extra ? html`placeholder="${extra}"` : ''}></div>`;

const filtersForm = (i: TListPageInput) => {
  const q = i.query;
  return html`<form class="filters" method="get" action="/admin/players" aria-label="Filter the players">
    ${input('q', 'Search', q.q, 'search', '#42, jane, jane@example.com, +44 20…')}
    ${select(
      'status',
      'Status',
      q.status,
      PLAYER_STATUSES.map((s) => [s, s]),
    )}
    ${input('country', 'Country', q.country, 'text', 'GB, DE')}
    ${input('reg_from', 'Registered from', q.reg_from, 'date')}
    ${input('reg_to', 'Registered to', q.reg_to, 'date')}
    ${input('dep_from', 'Deposited from', q.dep_from, 'date')}
    ${input('dep_to', 'Deposited to', q.dep_to, 'date')}
    ${input('net_min', 'Net deposits from', q.net_min, 'text', '0.00')}
    ${input('net_max', 'Net deposits to', q.net_max, 'text', '1000.00')}
    ${select(
      'level',
      'Level',
      q.level,
      i.levels.map((l) => [l, l]),
    )}
    ${select(
      'kyc',
      'KYC',
      q.kyc,
      KYC_STATUSES.map((s) => [s, KYC_TEXT[s] ?? s]),
    )}
    ${select(
      'rg',
      'Responsible gaming',
      q.rg,
      RG_STATES.map((s) => [s, RG_TEXT[s]]),
    )}
    ${select(
      'tag',
      'Tag',
      q.tag,
      [...new Set([...i.tags, q.tag].filter(Boolean))].map((t) => [t, t]),
    )}
    ${select(
      'flag',
      'Risk flag',
      q.flag,
      RISK_FLAGS.map((f) => [f, FLAG_TEXT[f] ?? f]),
    )}
    ${select('sort', 'Sort by', q.sort || 'id', SORT_TEXT, 'Newest (id)')}
    ${select(
      'dir',
      'Order',
      q.dir || 'desc',
      [
        ['desc', 'Descending'],
        ['asc', 'Ascending'],
      ],
      'Descending',
    )}
    <button class="btn btn-primary" type="submit">Show players</button>
    <a class="btn btn-secondary" href="/admin/players">Clear</a>
  </form>`;
};

const hidden = (query: TFilterQuery) =>
  FILTER_FIELDS.map((name) =>
    query[name] ? html`<input type="hidden" name="${name}" value="${query[name]}">` : '',
  );

const segmentsBar = (i: TListPageInput) => html`<div class="row segments" aria-label="Saved segments">
  ${
    i.segments.length === 0
      ? html`<p class="muted">No saved segments yet: filter the list, then save the filter as a segment.</p>`
      : html`<ul class="inline-list">${i.segments.map(
          (
            s,
          ) => html`<li><a href="${listHref(s.filter as Partial<TFilterQuery>, { segment: String(s.id) })}" ${s.id === i.segmentId ? html`aria-current="true"` : ''}>${s.name}</a> ${s.ownerId === null ? badge('shared', 'info') : ''}
          ${i.can.edit ? html`<form method="post" action="/admin/players/segments/${s.id}/delete" class="inline">${csrfField(i.csrf)}<button class="btn btn-ghost btn-sm" type="submit" aria-label="Delete segment ${s.name}">Delete</button></form>` : ''}</li>`,
        )}</ul>`
  }
</div>`;

const saveForm = (
  i: TListPageInput,
) => html`<form method="post" action="/admin/players/segments" class="filters" aria-label="Save as a segment">
  ${csrfField(i.csrf)}${hidden(i.query)}
  <div class="field"><label for="segment-name">Segment name</label><input id="segment-name" name="segment_name" required maxlength="80"></div>
  <label class="check"><input type="checkbox" name="shared" value="1"> Shared with every operator</label>
  <button class="btn btn-secondary" type="submit">Save segment</button>
</form>`;

const bulkForms = (
  i: TListPageInput,
) => html`<details class="panel-details"><summary>${plural(i.total, { one: 'Bulk actions on this player', other: 'Bulk actions on these {n} players' })}</summary>
  <form method="post" action="/admin/players/bulk/tag" class="filters" aria-label="Tag every player of the segment">
    ${csrfField(i.csrf)}${hidden(i.query)}
    <div class="field"><label for="bulk-tag">Tag</label><input id="bulk-tag" name="add_tag" required maxlength="40" list="known-tags"></div>
    <datalist id="known-tags">${i.tags.map((t) => html`<option value="${t}">`)}</datalist>
    <button class="btn btn-secondary" type="submit">${plural(i.total, { one: 'Tag this player', other: 'Tag {n} players' })}</button>
  </form>
  <form method="post" action="/admin/players/bulk/message" aria-label="Message every player of the segment">
    ${csrfField(i.csrf)}${hidden(i.query)}
    <div class="row">
      <div class="field"><label for="bulk-channel">Channel</label><select id="bulk-channel" name="channel"><option value="email">E-mail</option><option value="sms">SMS</option></select></div>
      <div class="field"><label for="bulk-subject">Subject</label><input id="bulk-subject" name="subject" required maxlength="150"></div>
    </div>
    <div class="field"><label for="bulk-text">Message</label><textarea id="bulk-text" name="message" required maxlength="2000" rows="3"></textarea></div>
    <p class="hint">Goes only to players who may get marketing: subscribed, with a confirmed contact, no time-out or self-exclusion.</p>
    <button class="btn btn-secondary" type="submit">Send to the segment</button>
  </form>
  ${
    i.can.bonus
      ? html`<form method="post" action="/admin/players/bulk/bonus" aria-label="A bonus to every player of the segment">
    ${csrfField(i.csrf)}${hidden(i.query)}
    <div class="row">
      <div class="field"><label for="bulk-template">Bonus template</label><input id="bulk-template" name="bonus_template" required maxlength="100" list="bonus-templates"></div>
      <div class="field"><label for="bulk-amount">Amount each (blank: the template’s)</label><input id="bulk-amount" name="amount" inputmode="decimal" placeholder="10.00"></div>
      <div class="field"><label for="bulk-reason">Reason</label><input id="bulk-reason" name="reason" required minlength="5" maxlength="500"></div>
    </div>
    <datalist id="bonus-templates">${i.templates.map((t) => html`<option value="${t}">`)}</datalist>
    <p class="hint">You confirm first. Over your bonus-grant limit (the total), each player’s grant waits for a second operator.</p>
    <button class="btn btn-secondary" type="submit">Grant a bonus to the segment…</button>
  </form>`
      : ''
  }
</details>`;

const marksOf = (m: TPlayerMarks | undefined): Html[] => {
  if (!m) return [];
  const out: Html[] = [];
  if (m.exclusion)
    out.push(
      badge(
        `${m.exclusion.type === 'time_out' ? 'Time-out' : 'Self-excluded'}${m.exclusion.endsAt ? ` until ${dateTime(m.exclusion.endsAt)}` : ''}`,
        'bad',
      ),
    );
  else if (m.limits) out.push(badge('RG limits', 'warn'));
  for (const f of m.flags) out.push(badge(FLAG_TEXT[f] ?? f, 'bad'));
  for (const t of m.tags) out.push(badge(t, 'info'));
  return out;
};

const sortLink = (i: TListPageInput, sort: string, label: string) => {
  const current = (i.query.sort || 'id') === sort;
  const dir = current && (i.query.dir || 'desc') === 'desc' ? 'asc' : 'desc';
  return html`<a href="${listHref({ ...i.query, sort, dir })}" ${current ? html`aria-sort="${i.query.dir === 'asc' ? 'ascending' : 'descending'}"` : ''}>${label}</a>`;
};

const table = (
  i: TListPageInput,
) => html`<div class="table-wrap"><table class="cards dense" aria-label="Players">
  <thead><tr><th scope="col">${sortLink(i, 'id', 'Id')}</th><th scope="col">${sortLink(i, 'login', 'Login')}</th><th scope="col">Status</th><th scope="col">Country</th><th scope="col">${sortLink(i, 'registered', 'Registered')}</th><th scope="col" class="num">${sortLink(i, 'net', 'Net deposits')}</th><th scope="col">${sortLink(i, 'last_deposit', 'Last deposit')}</th><th scope="col">KYC</th><th scope="col">Level</th><th scope="col">Marks</th></tr></thead>
  <tbody>${i.rows.map((p) => {
    const m = i.marks.get(p.id);
    return html`<tr data-player="${p.id}">
    <td data-label="Id" class="mono">#${p.id}</td>
    <td data-label="Login" class="login"><a href="/admin/players/${p.id}">${p.login}</a>${p.email && p.email !== p.login ? html`<div class="muted">${p.email}</div>` : ''}</td>
    <td data-label="Status">${statusBadge(p.status)}</td>
    <td data-label="Country">${p.countryCode ?? html`<span class="muted">—</span>`}</td>
    <td data-label="Registered">${dateTime(p.createdAt)}</td>
    <td data-label="Net deposits" class="num">${money(p.net, p.currency)}<div class="muted">in ${money(p.deposits, p.currency)} · out ${money(p.withdrawals, p.currency)}</div></td>
    <td data-label="Last deposit">${p.lastDepositAt ? dateTime(p.lastDepositAt) : html`<span class="muted">never</span>`}</td>
    <td data-label="KYC">${statusBadge(m?.kyc ?? 'none')}</td>
    <td data-label="Level">${m?.level ?? html`<span class="muted">—</span>`}</td>
    <td data-label="Marks">${marksOf(m)}</td>
  </tr>`;
  })}</tbody></table></div>`;

const pages = (i: TListPageInput) => {
  const last = Math.max(0, Math.ceil(i.total / LIST_PAGE_SIZE) - 1);
  if (last === 0) return '';
  const link = (p: number) => listHref(i.query, { page: String(p) });
  return html`<nav class="pager" aria-label="Pages">
    ${i.page > 0 ? html`<a class="btn btn-secondary btn-sm" href="${link(0)}">First</a> <a class="btn btn-secondary btn-sm" href="${link(i.page - 1)}" rel="prev">← Previous</a>` : ''}
    <span class="muted">Page ${i.page + 1} of ${last + 1}</span>
    ${i.page < last ? html`<a class="btn btn-secondary btn-sm" href="${link(i.page + 1)}" rel="next">Next →</a>` : ''}
  </nav>`;
};

export const playerListBody = (i: TListPageInput) => {
  const from = i.total === 0 ? 0 : i.page * LIST_PAGE_SIZE + 1;
  const to = Math.min(i.total, (i.page + 1) * LIST_PAGE_SIZE);
  return html`<div class="page-head">
  <div><h1>Players</h1><p class="sub">Browse every player: filter, sort, save a filter as a segment, export it.</p></div>
  ${i.can.export ? html`<a class="btn btn-secondary" href="${listHref(i.query, {}, '/admin/players/export.csv')}" download>Export CSV</a>` : ''}
</div>
<section class="panel" aria-label="Segments and filters">
  ${segmentsBar(i)}
  ${filtersForm(i)}
  ${i.ignored.length ? html`<p class="flash flash-error" role="alert">Left out (not a valid value): ${i.ignored.join(', ')}.</p>` : ''}
</section>
<section class="panel" aria-labelledby="results-title">
  <h2 id="results-title">${plural(i.total, { one: '1 player', other: '{n} players' })}${i.total > 0 ? html` <span class="muted">showing ${from}–${to}</span>` : ''}</h2>
  ${i.rows.length === 0 ? html`<p class="empty">${i.query.q ? html`No player matches “${i.query.q}”.` : 'No player matches these filters.'}</p>` : table(i)}
  ${pages(i)}
</section>
${i.can.edit && narrows(i.query) ? html`<section class="panel" aria-label="Segment actions">${saveForm(i)}${i.total > 0 ? bulkForms(i) : ''}</section>` : ''}`;
};
