/** The back-office frame (navigation by role, the operator, sign-out) and the bare frame of the sign-in pages. */
import { can, ROLE_NAMES, type TPermission } from '../permissions.ts';
import type { TOperator } from '../schema.ts';
import { type Html, html } from './html.ts';

export type TSection =
  | 'withdrawals'
  | 'approvals'
  | 'players'
  | 'kyc'
  | 'reports'
  | 'competitions'
  | 'sportsbook'
  | 'promotions'
  | 'games'
  | 'settings'
  | 'content'
  | 'loyalty'
  | 'operators'
  | 'audit'
  | 'jobs';

const SECTIONS: { id: TSection; label: string; href: string; permission: TPermission }[] = [
  { id: 'withdrawals', label: 'Withdrawals', href: '/admin/withdrawals', permission: 'withdrawals.review' },
  { id: 'players', label: 'Players', href: '/admin/players', permission: 'players.read' },
  { id: 'approvals', label: 'Approvals', href: '/admin/approvals', permission: 'approvals.read' },
  { id: 'kyc', label: 'KYC review', href: '/admin/kyc', permission: 'kyc.read' },
  { id: 'reports', label: 'Reports', href: '/admin/reports', permission: 'reports.read' },
  { id: 'loyalty', label: 'Loyalty', href: '/admin/loyalty', permission: 'loyalty.read' },
  { id: 'competitions', label: 'Competitions', href: '/admin/competitions', permission: 'competitions.read' },
  { id: 'sportsbook', label: 'Sportsbook', href: '/admin/sportsbook', permission: 'sportsbook.read' },
  { id: 'promotions', label: 'Promotions', href: '/admin/promotions', permission: 'promotions.read' },
  { id: 'games', label: 'Games', href: '/admin/games', permission: 'games.read' },
  { id: 'settings', label: 'Site settings', href: '/admin/settings', permission: 'settings.read' },
  { id: 'operators', label: 'Operators', href: '/admin/operators', permission: 'operators.manage' },
  { id: 'audit', label: 'Audit log', href: '/admin/audit', permission: 'audit.read' },
  { id: 'jobs', label: 'Jobs', href: '/admin/jobs', permission: 'jobs.read' },
  { id: 'content', label: 'Content', href: '/admin/content', permission: 'content.read' },
];

export const firstSectionOf = (operator: TOperator) =>
  SECTIONS.find((s) => can(operator.role, s.permission))?.href ?? '/admin/login';

export interface TFlash {
  tone: 'ok' | 'error';
  text: string;
}

export interface TPageFrame {
  title: string;
  operator: TOperator;
  csrf: string;
  section: TSection | null;
  flash?: TFlash | null;
  counts?: Partial<Record<TSection, number>>;
}

const head = (title: string) => html`<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · Back-office</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/admin/assets/admin.css">`;

export const flashBox = (flash: TFlash | null | undefined) =>
  flash
    ? html`<div class="flash flash-${flash.tone}" role="${flash.tone === 'error' ? 'alert' : 'status'}">${flash.text}</div>`
    : '';

export const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

export const page = (frame: TPageFrame, body: Html) => {
  const sections = SECTIONS.filter((s) => can(frame.operator.role, s.permission));
  return html`<!doctype html>
<html lang="en">
<head>${head(frame.title)}<meta name="csrf-token" content="${frame.csrf}"></head>
<body>
<a class="skip" href="#main">Skip to content</a>
<div class="frame">
  <header class="sidebar">
    <a class="brand" href="/admin">Casino <small>Back-office</small></a>
    <nav aria-label="Sections">
      <ul class="nav">
        ${sections.map(
          (s) =>
            html`<li><a href="${s.href}" ${s.id === frame.section ? html`aria-current="page"` : ''}>${s.label}${
              frame.counts?.[s.id]
                ? html` <span class="count" aria-label="${frame.counts[s.id]} waiting">${frame.counts[s.id]}</span>`
                : ''
            }</a></li>`,
        )}
      </ul>
    </nav>
    <div class="who">
      <div><strong>${frame.operator.email}</strong> <span class="muted">${ROLE_NAMES[frame.operator.role]}</span></div>
      <form method="post" action="/admin/logout">${csrfField(frame.csrf)}<button class="btn btn-ghost btn-sm" type="submit">Sign out</button></form>
    </div>
  </header>
  <main id="main" class="main" tabindex="-1">
    ${flashBox(frame.flash)}
    ${body}
  </main>
</div>
</body>
</html>`;
};

export const authPage = (title: string, body: Html) => html`<!doctype html>
<html lang="en">
<head>${head(title)}</head>
<body>
<main class="auth" id="main">
  <div class="auth-card">${body}</div>
</main>
</body>
</html>`;

export const pager = (base: string, params: Record<string, string>, page: number, hasMore: boolean) => {
  const link = (p: number) => {
    const query = new URLSearchParams({ ...params, page: String(p) });
    for (const [k, v] of [...query]) if (!v) query.delete(k);
    return `${base}?${query}`;
  };
  if (page === 0 && !hasMore) return '';
  return html`<nav class="pager" aria-label="Pages">
    ${page > 0 ? html`<a class="btn btn-secondary btn-sm" href="${link(page - 1)}" rel="prev">← Newer</a>` : ''}
    <span class="muted">Page ${page + 1}</span>
    ${hasMore ? html`<a class="btn btn-secondary btn-sm" href="${link(page + 1)}" rel="next">Older →</a>` : ''}
  </nav>`;
};
