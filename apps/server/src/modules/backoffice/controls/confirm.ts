/**
 * Every money action confirms before it acts, and above the operator's limit waits for a second operator (issue 40,
 * ADR 064). A feature's route hands its form to `controlledAction`: the first post answers a confirmation page (what
 * will happen, in money, and whether it goes to approval) whose button posts the same fields again with
 * `confirmed=1`; only that second post acts, or records the approval request. Plain forms: no script needed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { flashCodeOf } from '../flash.ts';
import { formFields } from '../form-schema.ts';
import type { TPermission } from '../permissions.ts';
import type { TRouteKit } from '../route-kit.ts';
import { money } from '../ui/format.ts';
import { html } from '../ui/html.ts';
import { csrfField, type TSection } from '../ui/layout.ts';
import { requestApproval, type TApprovalRequest } from './approvals.ts';
import { ACTION_NAMES, checkAmountLimit } from './limits.ts';

/** What the confirmation page and the approval request say about the action. */
export interface TControlledPlan extends Omit<TApprovalRequest, 'key'> {
  /** The page's title: "Confirm the adjustment". */
  title: string;
  /** Label and value lines of the confirmation. */
  lines: [string, string][];
  /** The confirm button's words: "Credit 50.00 EUR". */
  verb: string;
}

export interface TControlledAction<T> {
  permission: TPermission;
  section: TSection;
  /** Where the browser goes back to (the page the form was on). */
  back: string;
  /** The flash code when the action ran. */
  ok: string;
  parse: () => T;
  plan: (form: T) => Promise<TControlledPlan>;
  run: (form: T) => Promise<unknown>;
  /** The form's own one-time key, if it has one (else the confirmation page makes one). */
  keyOf?: (form: T) => string | undefined;
}

const redirectWith = (reply: FastifyReply, back: string, query: string) =>
  reply.redirect(`${back}${back.includes('?') ? '&' : '?'}${query}`, 303);

const confirmBody = (
  request: FastifyRequest,
  plan: TControlledPlan,
  input: { within: boolean; limit: bigint | null; csrf: string; key: string; back: string },
) => {
  const fields = Object.entries(formFields(request.body)).filter(
    ([name]) => name !== '_csrf' && name !== 'confirmed' && name !== 'request_key',
  );
  const hidden = fields.flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (v) => html`<input type="hidden" name="${name}" value="${v}">`,
    ),
  );
  const limitText = input.limit === null ? 'no limit' : money(input.limit, plan.currency);
  return html`<div class="page-head"><div><p class="sub"><a href="${input.back}">Back</a></p><h1>${plan.title}</h1>
  <p class="sub">Check before it acts: nothing has moved yet.</p></div></div>
<section class="panel confirm" aria-labelledby="confirm-title" data-confirm="${plan.action}">
  <h2 id="confirm-title">${plan.summary}</h2>
  <dl class="facts">
    ${plan.lines.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}
    <dt>Amount</dt><dd><strong>${money(plan.amount, plan.currency)}</strong></dd>
    <dt>Your limit</dt><dd>${ACTION_NAMES[plan.action]}: ${limitText}</dd>
  </dl>
  ${
    input.within
      ? ''
      : html`<p class="flash flash-error" role="status" data-needs-approval>This is over your limit: it will wait for a second operator's approval, and nothing moves until then.</p>`
  }
  <form method="post" action="${request.url.split('?')[0] ?? ''}" class="gap-above">
    ${csrfField(input.csrf)}
    ${hidden}
    <input type="hidden" name="request_key" value="${input.key}">
    <input type="hidden" name="confirmed" value="1">
    <div class="actions">
      <button class="btn btn-primary" type="submit">${input.within ? plan.verb : 'Ask for approval'}</button>
      <a class="btn btn-secondary" href="${input.back}">Cancel</a>
    </div>
  </form>
</section>`;
};

/**
 * A money action behind its confirmation and the operator's limit. A refused form goes back with its flash code;
 * the unconfirmed post answers the confirmation page; the confirmed one acts (within the limit) or asks for approval.
 */
export const controlledAction = async <T>(
  ctx: TAppContext,
  kit: TRouteKit,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: TControlledAction<T>,
) => {
  const operator = await kit.need(request, spec.permission);
  let form: T;
  let plan: TControlledPlan;
  try {
    form = spec.parse();
    plan = await spec.plan(form);
  } catch (error) {
    if (error instanceof AppError) return redirectWith(reply, spec.back, `error=${flashCodeOf(error)}`);
    throw error;
  }
  const { within, limit } = await checkAmountLimit(ctx.db, operator.role, plan.action, plan.amount);
  const fields = formFields(request.body);
  const posted = typeof fields.request_key === 'string' ? fields.request_key : '';
  const key = spec.keyOf?.(form) ?? (/^[0-9a-f-]{36}$/i.test(posted) ? posted : ctx.providers.random.uuid());
  if (fields.confirmed !== '1')
    return kit.render(
      request,
      reply,
      plan.title,
      spec.section,
      confirmBody(request, plan, { within, limit, csrf: kit.csrfOf(request), key, back: spec.back }),
    );
  if (within) return kit.act(reply, spec.back, spec.ok, () => spec.run(form));
  return kit.act(reply, spec.back, 'approval_requested', () =>
    requestApproval(ctx.db, kit.actorOf(request), { ...plan, key }, ctx.providers.clock.now()),
  );
};
