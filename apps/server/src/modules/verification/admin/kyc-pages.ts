/**
 * The KYC review queue and one player's documents with the decision forms. Every decision shows its source:
 * Sumsub (with its answer and reject labels) or the operator; on a Sumsub case an operator's decision is an
 * override (ADR 073).
 */
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

/** Who decided: Sumsub (its webhook writes 'sumsub'), else the operator's e-mail. */
const sourceName = (by: string | null) => (by === 'sumsub' ? 'Sumsub' : (by ?? '—'));

const caseRow = (c: TKycListRow, tab: TKycTab) => html`<tr data-kyc="${c.playerId}">
  <td data-label="${tab === 'waiting' ? 'Last upload' : tab === 'pending' ? 'Submitted' : 'Decided'}" class="nowrap">${time(
    tab === 'waiting' ? c.lastUploadAt : tab === 'pending' ? c.submittedAt : c.reviewedAt,
  )}${tab === 'verified' || tab === 'rejected' ? html`<div class="muted">by ${sourceName(c.reviewedBy)}</div>` : ''}</td>
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
  on_verification: 'Submitted again: a new review by Sumsub',
};

const decisionText = (h: TKycDecision) => {
  const text =
    h.documentId === null && h.decision === 'rejected'
      ? 'Verification rejected'
      : (DECISION_TEXT[h.decision] ?? h.decision);
  return h.override ? html`${text} ${badge('override of Sumsub', 'warn')}` : text;
};

/** The decision's source: Sumsub with its review answer, type and labels, or the operator who decided. */
const decisionSource = (h: TKycDecision) =>
  h.source === 'sumsub'
    ? html`<strong>Sumsub</strong>${
        h.reviewAnswer
          ? html` <span data-review-answer>${[h.reviewAnswer, h.rejectType?.toUpperCase(), ...(h.rejectLabels ?? [])].filter(Boolean).join(' · ')}</span>`
          : ''
      }${h.applied ? '' : html`<div>${badge('not applied', 'info')} <span class="muted">the operator’s override stands</span></div>`}`
    : html`${h.operator} <span class="muted">(operator)</span>`;

const historyPanel = (
  history: TKycDecision[],
) => html`<section class="panel" aria-labelledby="kyc-history-title" data-kyc-history>
  <h2 id="kyc-history-title">History of decisions</h2>
  ${
    history.length === 0
      ? html`<p class="empty">No decision yet.</p>`
      : html`<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">When</th><th scope="col">Decision</th><th scope="col">Document</th><th scope="col">Reason</th><th scope="col">Source</th></tr></thead>
    <tbody>${history.map(
      (h) =>
        html`<tr data-source="${h.source}"><td data-label="When" class="nowrap">${time(h.at)}</td><td data-label="Decision">${decisionText(h)}</td><td data-label="Document">${h.documentKind ? (KIND_TEXT[h.documentKind] ?? h.documentKind) : html`<span class="muted">the whole set</span>`}</td><td data-label="Reason">${h.reason ?? ''}</td><td data-label="Source">${decisionSource(h)}</td></tr>`,
    )}</tbody></table></div>`
  }
</section>`;

/** On Sumsub's case: who decides, and what an operator's decision does (ADR 073). */
const sumsubNotice = (
  c: TKycCase,
) => html`<section class="panel" aria-labelledby="sumsub-title" data-sumsub-case>
  <h2 id="sumsub-title">Whose decision counts</h2>
  <p>${badge('Managed by Sumsub', 'info')} Sumsub reviews this player’s documents and its answer sets the status. An operator’s decision here <strong>overrides Sumsub’s answer</strong>: it needs a reason, and it is audited and kept in the history as an override.</p>
  ${
    c.overriddenAt
      ? html`<p data-override-holds><strong>Overridden by ${c.overriddenBy ?? '—'} on ${time(c.overriddenAt)}.</strong> The operator’s decision stands: a later answer from Sumsub is recorded in the history but does not change the player’s status, until the player submits documents again and Sumsub starts a new review.</p>`
      : html`<p class="muted">No operator has overridden Sumsub on this case: Sumsub’s answers apply as they arrive.</p>`
  }
</section>`;

/** The approve and reject forms; on Sumsub's case they are overrides, each with its reason. */
const decisionForms = (c: TKycCase, csrf: string) => {
  const sumsub = c.managedBySumsub;
  const canApprove = sumsub ? c.status !== 'verified' : true;
  const canReject = sumsub ? c.status !== 'rejected' : true;
  return html`<div class="grid">${
    canApprove
      ? html`
  <section class="panel" aria-labelledby="approve-title"><h2 id="approve-title">${sumsub ? 'Approve, overriding Sumsub' : 'Approve'}</h2>
    <form method="post" action="/admin/kyc/${c.playerId}/approve">${csrfField(csrf)}
      ${
        sumsub
          ? html`<p>This overrides Sumsub’s answer: the player becomes verified whatever Sumsub says until they submit again.</p>
      <div class="field"><label for="kyc-approve-reason">Reason for the override (kept in the history and the audit log)</label>
      <textarea id="kyc-approve-reason" name="reason" required minlength="3" maxlength="500"></textarea></div>`
          : html`<p class="muted">The documents match and are readable: the player becomes verified.</p>`
      }
      <button class="btn btn-primary" type="submit">${sumsub ? 'Approve (override Sumsub)' : 'Approve verification'}</button></form></section>`
      : ''
  }${
    canReject
      ? html`
  <section class="panel" aria-labelledby="reject-title"><h2 id="reject-title">${sumsub ? 'Reject, overriding Sumsub' : 'Reject'}</h2>
    <form method="post" action="/admin/kyc/${c.playerId}/reject">${csrfField(csrf)}
      ${sumsub ? html`<p>This overrides Sumsub’s answer: the player is rejected whatever Sumsub says until they submit again.</p>` : ''}
      <div class="field"><label for="kyc-reason">Reason (shown to the player)</label>
      <textarea id="kyc-reason" name="reason" required minlength="3" maxlength="500"></textarea></div>
      <button class="btn btn-danger" type="submit">${sumsub ? 'Reject (override Sumsub)' : 'Reject verification'}</button></form></section>`
      : ''
  }
</div>`;
};

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
  // Ours: a submitted case, once. Sumsub's: any answered or pending case, as an override.
  const decidable = c.managedBySumsub ? c.status !== 'none' : c.status === 'on_verification';
  return html`<div class="page-head">
  <div><p class="sub"><a href="/admin/kyc">KYC review</a> / <a href="/admin/players/${c.playerId}">#${c.playerId}</a></p>
  <h1>${c.login} ${statusBadge(c.status)}</h1>
  <p class="sub">Submitted ${time(c.submittedAt)}${c.reviewedAt ? html` · reviewed ${time(c.reviewedAt)} by <span data-reviewed-by>${sourceName(c.reviewedBy)}${c.overriddenAt ? ' (override of Sumsub)' : ''}</span>` : ''}${c.reason ? html` · reason: ${c.reason}` : ''}</p></div>
</div>
${c.managedBySumsub ? sumsubNotice(c) : ''}
<section class="panel" aria-labelledby="docs-title">
  <h2 id="docs-title">Documents</h2>
  ${
    c.documents.length === 0
      ? html`<p class="empty">${c.managedBySumsub ? 'Sumsub’s WebSDK takes this player’s documents: they are in the applicant’s page in Sumsub’s dashboard.' : 'No documents uploaded.'}</p>`
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
${input.canReview && decidable ? decisionForms(c, input.csrf) : ''}
${historyPanel(input.history)}`;
};
