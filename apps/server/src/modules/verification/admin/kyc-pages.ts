/** The KYC review queue and one player's documents with the decision forms. */
import { badge, csrfField, html, pager, statusBadge, time } from '../../backoffice/index.ts';
import type { TKycDecision, TKycListRow, TKycTab } from '../decisions.ts';
import type { TKycCase } from './kyc-review.ts';

const KIND_TEXT: Record<string, string> = {
  id_front: 'Identity document — front',
  id_back: 'Identity document — back',
  selfie: 'Selfie',
  proof_of_address: 'Proof of address',
};

const unavailable = html`<section class="panel"><p class="empty">The identity verification service is not installed on this server, so there is nothing to review.</p></section>`;

const TABS: { id: TKycTab; label: string; sub: string }[] = [
  { id: 'pending', label: 'Waiting for review', sub: 'Players who submitted their documents, oldest first.' },
  {
    id: 'waiting',
    label: 'Waiting for the player',
    sub: 'Documents uploaded but not submitted yet (or uploaded again after a rejection), newest first.',
  },
  { id: 'verified', label: 'Approved', sub: 'Approved verifications, newest decision first.' },
  {
    id: 'rejected',
    label: 'Rejected',
    sub: 'Rejected verifications with their reason, newest decision first.',
  },
];

const caseRow = (c: TKycListRow, tab: TKycTab) => html`<tr data-kyc="${c.playerId}">
  <td data-label="${tab === 'waiting' ? 'Last upload' : tab === 'pending' ? 'Submitted' : 'Decided'}" class="nowrap">${time(
    tab === 'waiting' ? c.lastUploadAt : tab === 'pending' ? c.submittedAt : c.reviewedAt,
  )}${tab === 'verified' || tab === 'rejected' ? html`<div class="muted">by ${c.reviewedBy ?? '—'}</div>` : ''}</td>
  <td data-label="Player"><a href="/admin/players/${c.playerId}">${c.login}</a> <span class="muted">#${c.playerId}</span></td>
  <td data-label="Documents">${c.documents}${c.unsubmitted > 0 && tab === 'waiting' ? html` · <span data-unsubmitted>${c.unsubmitted} not submitted</span>` : ''}</td>
  <td data-label="Status">${tab === 'waiting' ? badge('waiting for the player', 'info') : statusBadge(c.status)}${c.reason && tab !== 'pending' ? html`<div>${c.reason}</div>` : ''}</td>
  <td class="actions-cell"><a class="btn ${tab === 'pending' ? 'btn-primary' : 'btn-secondary'} btn-sm" href="/admin/kyc/${c.playerId}">${tab === 'pending' ? 'Review' : 'Open'} ${c.login}</a></td>
</tr>`;

export const kycQueueBody = (input: {
  installed: boolean;
  tab: TKycTab;
  rows: TKycListRow[];
  page: number;
  hasMore: boolean;
}) => {
  const current = TABS.find((t) => t.id === input.tab) ?? TABS[0];
  return html`<div class="page-head">
  <div><h1>KYC review</h1><p class="sub">${current?.sub}</p></div>
</div>
<nav aria-label="KYC cases"><ul class="tabs">${TABS.map(
    (t) =>
      html`<li><a href="/admin/kyc?tab=${t.id}" ${t.id === input.tab ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
  )}</ul></nav>
${
  !input.installed
    ? unavailable
    : html`<section class="panel" aria-label="${current?.label ?? ''}">${
        input.rows.length === 0
          ? html`<p class="empty">${input.tab === 'pending' ? 'No documents waiting for review.' : 'Nobody here.'}</p>`
          : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">${input.tab === 'waiting' ? 'Last upload' : input.tab === 'pending' ? 'Submitted' : 'Decided'}</th><th scope="col">Player</th><th scope="col">Documents</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Open</span></th></tr></thead>
    <tbody>${input.rows.map((c) => caseRow(c, input.tab))}</tbody></table></div>`
      }${pager('/admin/kyc', { tab: input.tab }, input.page, input.hasMore)}</section>`
}`;
};

type TDocDecision = { decision: string | null; reason: string | null; by: string | null; at: Date | null };

/** A document's decision, and (to reviewers) its accept and reject forms. */
const documentDecision = (
  playerId: number,
  docId: string,
  decision: TDocDecision | undefined,
  csrf: string,
  canReview: boolean,
) =>
  html`<div class="doc-decision" data-doc-decision="${docId}">${
    decision?.decision
      ? html`${badge(decision.decision, decision.decision === 'accepted' ? 'good' : 'bad')} <span class="muted">by ${decision.by ?? '—'}, ${time(decision.at)}</span>${decision.reason ? html`<div>“${decision.reason}”</div>` : ''}`
      : html`<span class="muted">not decided</span>`
  }${
    canReview
      ? html`<div class="actions"><form method="post" action="/admin/kyc/${playerId}/documents/${docId}/accept">${csrfField(csrf)}<button class="btn btn-secondary btn-sm" type="submit">Accept</button></form>
  <details class="inline"><summary class="btn btn-secondary btn-sm">Reject…</summary>
  <form class="review-form" method="post" action="/admin/kyc/${playerId}/documents/${docId}/reject">${csrfField(csrf)}
    <label for="doc-reason-${docId}">Reason</label><input id="doc-reason-${docId}" name="reason" required minlength="3" maxlength="500">
    <button class="btn btn-danger btn-sm" type="submit">Reject document</button></form></details></div>`
      : ''
  }</div>`;

const DECISION_TEXT: Record<string, string> = {
  accepted: 'Document accepted',
  rejected: 'Document rejected',
  verified: 'Verification approved',
};

const historyPanel = (
  history: TKycDecision[],
) => html`<section class="panel" aria-labelledby="kyc-history-title" data-kyc-history>
  <h2 id="kyc-history-title">History of decisions</h2>
  ${
    history.length === 0
      ? html`<p class="empty">No decision yet.</p>`
      : html`<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">When</th><th scope="col">Decision</th><th scope="col">Document</th><th scope="col">Reason</th><th scope="col">By</th></tr></thead>
    <tbody>${history.map(
      (h) =>
        html`<tr><td data-label="When" class="nowrap">${time(h.at)}</td><td data-label="Decision">${
          h.documentId === null && h.decision === 'rejected'
            ? 'Verification rejected'
            : (DECISION_TEXT[h.decision] ?? h.decision)
        }</td><td data-label="Document">${h.documentKind ? (KIND_TEXT[h.documentKind] ?? h.documentKind) : html`<span class="muted">the whole set</span>`}</td><td data-label="Reason">${h.reason ?? ''}</td><td data-label="By">${h.operator}</td></tr>`,
    )}</tbody></table></div>`
  }
</section>`;

export const kycCaseBody = (input: {
  installed: boolean;
  kyc: TKycCase | null;
  playerId: number;
  csrf: string;
  canReview: boolean;
  decisions: Map<string, TDocDecision>;
  history: TKycDecision[];
}) => {
  if (!input.installed) return html`<div class="page-head"><h1>KYC review</h1></div>${unavailable}`;
  const c = input.kyc;
  if (!c)
    return html`<div class="page-head"><div><p class="sub"><a href="/admin/kyc">KYC review</a> / <a href="/admin/players/${input.playerId}">#${input.playerId}</a></p><h1>Player #${input.playerId}</h1></div></div>
<section class="panel"><p class="empty">This player has not started identity verification.</p></section>`;
  const decidable = c.status === 'on_verification';
  return html`<div class="page-head">
  <div><p class="sub"><a href="/admin/kyc">KYC review</a> / <a href="/admin/players/${c.playerId}">#${c.playerId}</a></p>
  <h1>${c.login} ${statusBadge(c.status)}</h1>
  <p class="sub">Submitted ${time(c.submittedAt)}${c.reviewedAt ? html` · reviewed ${time(c.reviewedAt)}` : ''}${c.reason ? html` · reason: ${c.reason}` : ''}</p></div>
</div>
<section class="panel" aria-labelledby="docs-title">
  <h2 id="docs-title">Documents</h2>
  ${
    c.documents.length === 0
      ? html`<p class="empty">No documents uploaded.</p>`
      : html`<div class="docs">${c.documents.map(
          (d) => html`<figure class="doc">
      <a href="${d.url}" target="_blank" rel="noopener">${
        d.mimetype.startsWith('image/')
          ? html`<img src="${d.url}" alt="${KIND_TEXT[d.kind] ?? d.kind}" loading="lazy">`
          : html`<span class="empty doc-file">${d.mimetype} — open</span>`
      }</a>
      <figcaption class="doc-meta"><strong>${KIND_TEXT[d.kind] ?? d.kind}</strong><div class="muted">${d.filename} · ${Math.ceil(d.size / 1024)} KB · ${time(d.uploadedAt)}${
        c.submittedAt === null || d.uploadedAt > c.submittedAt
          ? html` · ${badge('not submitted yet', 'info')}`
          : ''
      }</div>${documentDecision(c.playerId, d.id, input.decisions.get(d.id), input.csrf, input.canReview)}</figcaption>
    </figure>`,
        )}</div>`
  }
</section>
${
  input.canReview && decidable
    ? html`<div class="grid">
  <section class="panel" aria-labelledby="approve-title"><h2 id="approve-title">Approve</h2>
    <form method="post" action="/admin/kyc/${c.playerId}/approve">${csrfField(input.csrf)}
      <p class="muted">The documents match and are readable: the player becomes verified.</p>
      <button class="btn btn-primary" type="submit">Approve verification</button></form></section>
  <section class="panel" aria-labelledby="reject-title"><h2 id="reject-title">Reject</h2>
    <form method="post" action="/admin/kyc/${c.playerId}/reject">${csrfField(input.csrf)}
      <div class="field"><label for="kyc-reason">Reason (shown to the player)</label>
      <textarea id="kyc-reason" name="reason" required minlength="3" maxlength="500"></textarea></div>
      <button class="btn btn-danger" type="submit">Reject verification</button></form></section>
</div>`
    : ''
}
${historyPanel(input.history)}`;
};
