/** The jobs page: the queues by state and age, then the failed jobs with their error and a retry button. */
import { JOB_STATES, type TFailedJob, type TJobQueueRow } from '../../../platform/jobs-admin.ts';
import { badge, time } from './format.ts';
import { html } from './html.ts';
import { csrfField, pager } from './layout.ts';

const STATE_TONE = { queued: 'info', running: 'warn', done: 'good', failed: 'bad' } as const;

/** `45 s`, `12 min`, `3 h 20 min`, `2 d 4 h`: how long the oldest job of a row has waited. */
export const age = (seconds: number) => {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
};

/** Each queue (job name) on a row, a column per state: how many, and how old the oldest is. */
const queuesTable = (queues: TJobQueueRow[]) => {
  const names = [...new Set(queues.map((q) => q.name))];
  if (names.length === 0) return html`<p class="empty">No jobs in the queue.</p>`;
  const cell = (name: string, state: (typeof JOB_STATES)[number]) => {
    const row = queues.find((q) => q.name === name && q.state === state);
    if (!row) return html`<td data-label="${state}" class="muted">—</td>`;
    const due = state === 'queued' && row.due > 0 ? html` <span class="muted">(${row.due} due)</span>` : '';
    return html`<td data-label="${state}" data-state="${state}">${row.count}${due}<br><span class="muted">oldest ${age(row.oldestAgeSeconds)}</span></td>`;
  };
  return html`<div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">Queue</th>${JOB_STATES.map((s) => html`<th scope="col">${badge(s, STATE_TONE[s])}</th>`)}</tr></thead>
  <tbody>${names.map(
    (name) =>
      html`<tr data-queue="${name}"><td data-label="Queue"><a class="mono" href="/admin/jobs?name=${encodeURIComponent(name)}">${name}</a></td>${JOB_STATES.map((s) => cell(name, s))}</tr>`,
  )}</tbody></table></div>`;
};

const retryForm = (job: TFailedJob, csrf: string) =>
  html`<form method="post" action="/admin/jobs/${job.id}/retry" class="inline">${csrfField(csrf)}<button class="btn btn-secondary btn-sm" type="submit" aria-label="Retry job ${job.id}">Retry</button></form>`;

const failedTable = (rows: TFailedJob[], csrf: string, canRetry: boolean) =>
  rows.length === 0
    ? html`<p class="empty">No failed jobs.</p>`
    : html`<div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">Job</th><th scope="col">Error</th><th scope="col">Attempts</th><th scope="col">Queued</th><th scope="col">Failed</th><th scope="col">Payload</th>${canRetry ? html`<th scope="col">Action</th>` : ''}</tr></thead>
  <tbody>${rows.map(
    (job) => html`<tr data-job="${job.id}">
    <td data-label="Job"><span class="mono">${job.name}</span> <span class="muted">#${job.id}</span></td>
    <td data-label="Error"><pre class="diff">${job.lastError ?? '—'}</pre></td>
    <td data-label="Attempts">${job.attempts} of ${job.maxAttempts}</td>
    <td data-label="Queued" class="nowrap">${time(job.createdAt)}</td>
    <td data-label="Failed" class="nowrap">${time(job.failedAt)}</td>
    <td data-label="Payload"><code>${JSON.stringify(job.payload).slice(0, 300)}</code></td>
    ${canRetry ? html`<td data-label="Action">${retryForm(job, csrf)}</td>` : ''}
  </tr>`,
  )}</tbody></table></div>`;

export const jobsBody = (input: {
  queues: TJobQueueRow[];
  failed: { rows: TFailedJob[]; hasMore: boolean };
  name: string;
  page: number;
  csrf: string;
  canRetry: boolean;
  retentionHours: number;
}) => html`<div class="page-head"><div><h1>Jobs</h1>
<p class="sub">The background work of every instance (settlements, reports, expiries, payments’ follow-ups). Done and failed jobs are kept ${age(input.retentionHours * 3600)}, then removed.</p></div></div>
<section class="panel" aria-labelledby="queues-title"><h2 id="queues-title">Queues by state</h2>
${queuesTable(input.queues)}</section>
<section class="panel" aria-labelledby="failed-title"><h2 id="failed-title">Failed jobs${input.name ? html` of <span class="mono">${input.name}</span> <a class="btn btn-ghost btn-sm" href="/admin/jobs">All</a>` : ''}</h2>
<p class="muted">A job fails after its last attempt. Retry queues it again with its attempts counted afresh, once what made it fail is fixed; the retry is in the audit log.</p>
${failedTable(input.failed.rows, input.csrf, input.canRetry)}
${pager('/admin/jobs', { name: input.name }, input.page, input.failed.hasMore)}</section>`;
