/**
 * A money action with no amount limit but a reason (a bonus cancelled, a withdrawal declined) behind a confirmation
 * page (issue 40, ADR 064): the GET page, or a post without `confirmed=1`, shows what will happen and the reason to
 * record; only its button's post (`confirmed=1`, a reason long enough) acts. A refusal of the reason stays on the page
 * with the field's error; a refusal of the action goes back with its flash code.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.ts';
import { flashCodeOf } from '../flash.ts';
import { formFields } from '../form-schema.ts';
import type { TPermission } from '../permissions.ts';
import type { TRouteKit } from '../route-kit.ts';
import { html } from '../ui/html.ts';
import { csrfField, type TSection } from '../ui/layout.ts';

/** What the confirmation page says. */
export interface TReasonedPlan {
  /** The page's title: "Confirm the decline". */
  title: string;
  /** One sentence: what will happen. */
  summary: string;
  /** Label and value lines. */
  lines: [string, string][];
  /** What it does to the player's money, in words. */
  consequence: string;
  /** The confirm button's words. */
  verb: string;
  /** The reason field's label. */
  reasonLabel: string;
  /** `data-confirm` of the panel (tests and journeys find the page by it). */
  kind: string;
}

export interface TReasonedAction {
  permission: TPermission;
  section: TSection;
  /** The page the action started from, where the browser goes afterwards. */
  back: string;
  /** The flash code when the action ran. */
  ok: string;
  /** The reason's shortest length (its longest is 500). */
  minReason: number;
  /** Reads what will happen; an AppError (not found, settled already) goes back with its flash code. */
  plan: () => Promise<TReasonedPlan>;
  run: (reason: string) => Promise<unknown>;
}

export const MAX_REASON = 500;

const reasonProblem = (reason: string, min: number) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(reason)
    ? 'The reason holds characters that cannot be recorded (control characters).'
    : reason.length === 0
      ? 'Give the reason: it is recorded with the action.'
      : reason.length < min
        ? `The reason is ${min} characters at least.`
        : reason.length > MAX_REASON
          ? `The reason is ${MAX_REASON} characters at most.`
          : null;

export const reasonedConfirmBody = (input: {
  plan: TReasonedPlan;
  action: string;
  back: string;
  csrf: string;
  reason: string;
  minReason: number;
  problem: string | null;
}) => {
  const { plan } = input;
  return html`<div class="page-head"><div><p class="sub"><a href="${input.back}">Back</a></p><h1>${plan.title}</h1>
  <p class="sub">Check before it acts: nothing has changed yet.</p></div></div>
<section class="panel confirm" aria-labelledby="confirm-title" data-confirm="${plan.kind}">
  <h2 id="confirm-title">${plan.summary}</h2>
  <dl class="facts">${plan.lines.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
  <p class="flash flash-error" role="note">${plan.consequence}</p>
  <form method="post" action="${input.action}" class="gap-above">
    ${csrfField(input.csrf)}
    <input type="hidden" name="confirmed" value="1">
    <div class="field"><label for="confirm-reason">${plan.reasonLabel} <span class="muted">(recorded; ${input.minReason}–${MAX_REASON} characters)</span></label>
    <textarea id="confirm-reason" name="reason" rows="3" required minlength="${input.minReason}" maxlength="${MAX_REASON}" ${input.problem ? html`aria-invalid="true" aria-describedby="confirm-reason-error"` : ''}>${input.reason}</textarea>
    ${input.problem ? html`<p class="hint flash-error" id="confirm-reason-error" role="alert">${input.problem}</p>` : ''}</div>
    <div class="actions">
      <button class="btn btn-danger" type="submit">${plan.verb}</button>
      <a class="btn btn-secondary" href="${input.back}">Keep it</a>
    </div>
  </form>
</section>`;
};

/**
 * GET: the confirmation page (the reason from `?reason=` if given). POST without `confirmed=1`: the same page with
 * the posted reason. POST with `confirmed=1`: the reason checked (422 on the page if wrong), then the action.
 */
export const reasonedAction = async (
  kit: TRouteKit,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: TReasonedAction,
) => {
  await kit.need(request, spec.permission);
  const back = (query: string) =>
    reply.redirect(`${spec.back}${spec.back.includes('?') ? '&' : '?'}${query}`, 303);
  let plan: TReasonedPlan;
  try {
    plan = await spec.plan();
  } catch (error) {
    if (error instanceof AppError) return back(`error=${flashCodeOf(error)}`);
    throw error;
  }
  const fields = request.method === 'GET' ? formFields(request.query) : formFields(request.body);
  const reason = (typeof fields.reason === 'string' ? fields.reason : '').trim();
  const confirmed = request.method === 'POST' && fields.confirmed === '1';
  const problem = confirmed ? reasonProblem(reason, spec.minReason) : null;
  if (!confirmed || problem) {
    const body = reasonedConfirmBody({
      plan,
      action: request.url.split('?')[0] ?? '',
      back: spec.back,
      csrf: kit.csrfOf(request),
      reason: reason.slice(0, MAX_REASON),
      minReason: spec.minReason,
      problem,
    });
    return kit.render(request, reply, plan.title, spec.section, body, problem ? 422 : 200);
  }
  return kit.act(reply, spec.back, spec.ok, () => spec.run(reason));
};
