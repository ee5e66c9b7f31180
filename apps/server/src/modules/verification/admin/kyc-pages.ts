/** The KYC review queue and one player's documents with the decision forms. */
import { csrfField, html, statusBadge, time } from '../../backoffice/index.ts';
import type { TKycCase } from './kyc-review.ts';

const KIND_TEXT: Record<string, string> = {
  id_front: 'Identity document — front',
  id_back: 'Identity document — back',
  selfie: 'Selfie',
  proof_of_address: 'Proof of address',
};

const unavailable = html`<section class="panel"><p class="empty">The identity verification service is not installed on this server, so there is nothing to review.</p></section>`;

export const kycQueueBody = (input: { installed: boolean; cases: TKycCase[] }) => html`<div class="page-head">
  <div><h1>KYC review</h1><p class="sub">Players who submitted identity documents, oldest first.</p></div>
</div>
${
  !input.installed
    ? unavailable
    : html`<section class="panel" aria-label="Waiting for review">${
        input.cases.length === 0
          ? html`<p class="empty">No documents waiting for review.</p>`
          : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Submitted</th><th scope="col">Player</th><th scope="col">Documents</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Open</span></th></tr></thead>
    <tbody>${input.cases.map(
      (c) => html`<tr>
      <td data-label="Submitted" class="nowrap">${time(c.submittedAt)}</td>
      <td data-label="Player"><a href="/admin/players/${c.playerId}">${c.login}</a> <span class="muted">#${c.playerId}</span></td>
      <td data-label="Documents">${c.documents.length}</td>
      <td data-label="Status">${statusBadge(c.status)}</td>
      <td class="actions-cell"><a class="btn btn-primary btn-sm" href="/admin/kyc/${c.playerId}">Review ${c.login}</a></td>
    </tr>`,
    )}</tbody></table></div>`
      }</section>`
}`;

export const kycCaseBody = (input: {
  installed: boolean;
  kyc: TKycCase | null;
  playerId: number;
  csrf: string;
  canReview: boolean;
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
      <figcaption class="doc-meta"><strong>${KIND_TEXT[d.kind] ?? d.kind}</strong><div class="muted">${d.filename} · ${Math.ceil(d.size / 1024)} KB · ${time(d.uploadedAt)}</div></figcaption>
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
}`;
};
