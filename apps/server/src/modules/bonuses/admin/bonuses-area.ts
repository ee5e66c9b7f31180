/**
 * Bonuses: a player's bonuses (grant, cancel with a reason, free spins), the bonus templates (list, create, edit,
 * copy, retire) and the wagering caps per jurisdiction.
 */
import type { FastifyReply, RouteHandlerMethod } from 'fastify';
import { AppError } from '../../../platform/http/app-error.ts';
import { flashCodeOf, idParam, queryOf, reasonedAction, type TRouteArea } from '../../backoffice/index.ts';
import { gameDims } from '../../games/index.ts';
import { audienceChoices } from '../../players/index.ts';
import { DEFAULT_CONTRIBUTIONS } from '../content.ts';
import type { TBonusTemplate } from '../schema.ts';
import { findTemplateById, listTemplates } from '../templates-admin.ts';
import { listWagerCaps } from '../wager-caps.ts';
import { bonusCancelPlan } from './bonus-controls.ts';
import { cancelPlayerBonus } from './player-bonuses.ts';
import {
  copyTemplateFromForm,
  createTemplateFromForm,
  retireTemplateById,
  saveTemplate,
} from './template-form.ts';
import { templateBody, templatesBody } from './templates-page.ts';
import { removeWagerCapForm, saveWagerCapForm, wagerCapsBody } from './wager-caps-page.ts';

/** Like the kit's `act`, but a success goes where the action says (the template made). */
const actThenGo = async (reply: FastifyReply, back: string, action: () => Promise<string>) => {
  try {
    return reply.redirect(await action(), 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}error=${flashCodeOf(error)}`, 303);
  }
};

/** The blank template the new form starts from (a casino or a betting one). */
const blankTemplate = (type: 'casino' | 'betting', now: Date): TBonusTemplate => ({
  id: 0,
  sysname: '',
  type,
  amount: null,
  wagerMultiplier: type === 'betting' ? 1 : 10,
  maxBet: null,
  maxConversion: null,
  contributions:
    type === 'betting' ? { kinds: {}, other: 100, games: {} } : { ...DEFAULT_CONTRIBUTIONS, games: {} },
  validDays: 30,
  minOdds: type === 'betting' ? 1500 : null,
  isFreeBet: false,
  description: { texts: {} },
  isActive: true,
  startsAt: null,
  endsAt: null,
  segmentId: null,
  retiredAt: null,
  sourceHash: '',
  editedAt: null,
  createdAt: now,
  updatedAt: now,
});

export const bonusesArea: TRouteArea = (admin, kit, ctx) => {
  // A player's bonuses (shown on the player's page: player-bonuses-panel.ts)
  // Grants (bonus, free spins) confirm first and follow the operator's limit: bonus-controls.ts.
  // A cancel confirms first, on its own page (GET, or a post without confirmed=1): what the player loses, and why.
  const cancel: RouteHandlerMethod = async (request, reply) => {
    const playerId = idParam(request);
    const bonusId = idParam(request, 'bid');
    return reasonedAction(kit, request, reply, {
      permission: 'bonuses.grant',
      section: 'players',
      back: `/admin/players/${playerId}`,
      ok: 'bonus_cancelled',
      minReason: 5,
      plan: () => bonusCancelPlan(ctx, playerId, bonusId),
      run: (reason) => cancelPlayerBonus(ctx, kit.actorOf(request), { reason, playerId, bonusId }),
    });
  };
  admin.get('/players/:id/bonuses/:bid/cancel', cancel);
  admin.post('/players/:id/bonuses/:bid/cancel', cancel);

  // Bonus templates (the first tab of Promotions)
  admin.get('/promotions', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    return kit.render(
      request,
      reply,
      'Bonus templates',
      'promotions',
      templatesBody({
        templates: await listTemplates(ctx.db),
        canEdit: kit.allowed(request)('promotions.edit'),
        now: ctx.providers.clock.now(),
      }),
    );
  });
  admin.get('/promotions/templates/new', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const type = queryOf(request).type === 'betting' ? 'betting' : 'casino';
    const now = ctx.providers.clock.now();
    return kit.render(
      request,
      reply,
      'New bonus template',
      'promotions',
      templateBody({
        template: blankTemplate(type, now),
        games: [],
        canEdit: true,
        csrf: kit.csrfOf(request),
        now,
        segments: await audienceChoices(ctx.db),
        isNew: true,
      }),
    );
  });
  admin.post('/promotions/templates', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const type =
      (request.body as Record<string, unknown> | undefined)?.type === 'betting' ? 'betting' : 'casino';
    return actThenGo(reply, `/admin/promotions/templates/new?type=${type}`, async () => {
      const template = await createTemplateFromForm(ctx, kit.actorOf(request), request.body);
      return `/admin/promotions/templates/${template.id}?ok=template_created`;
    });
  });
  admin.post('/promotions/templates/:id/copy', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return actThenGo(reply, `/admin/promotions/templates/${id}`, async () => {
      const template = await copyTemplateFromForm(ctx, kit.actorOf(request), id, request.body);
      return `/admin/promotions/templates/${template.id}?ok=template_copied`;
    });
  });
  admin.post('/promotions/templates/:id/retire', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return kit.act(reply, `/admin/promotions/templates/${id}`, 'template_retired', () =>
      retireTemplateById(ctx, kit.actorOf(request), id),
    );
  });

  // Wagering caps per jurisdiction: read with the promotions, set by settings.edit (a licence matter).
  admin.get('/promotions/wagering', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    return kit.render(
      request,
      reply,
      'Wagering caps',
      'promotions',
      wagerCapsBody({
        caps: await listWagerCaps(ctx.db),
        canEdit: kit.allowed(request)('settings.edit'),
        csrf: kit.csrfOf(request),
      }),
    );
  });
  admin.post('/promotions/wagering', async (request, reply) => {
    await kit.need(request, 'settings.edit');
    return kit.act(reply, '/admin/promotions/wagering', 'wager_cap_saved', () =>
      saveWagerCapForm(ctx, kit.actorOf(request), request.body),
    );
  });
  admin.post('/promotions/wagering/:jurisdiction/remove', async (request, reply) => {
    await kit.need(request, 'settings.edit');
    const { jurisdiction } = request.params as { jurisdiction: string };
    return kit.act(reply, '/admin/promotions/wagering', 'wager_cap_removed', () =>
      removeWagerCapForm(ctx, kit.actorOf(request), jurisdiction),
    );
  });
  admin.get('/promotions/templates/:id', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const template = await findTemplateById(ctx.db, idParam(request));
    if (!template) return reply.callNotFound();
    return kit.render(
      request,
      reply,
      template.sysname,
      'promotions',
      templateBody({
        template,
        games: template.type === 'betting' ? [] : [...(await gameDims(ctx.db)).values()],
        canEdit: kit.allowed(request)('promotions.edit'),
        csrf: kit.csrfOf(request),
        now: ctx.providers.clock.now(),
        segments: await audienceChoices(ctx.db),
      }),
    );
  });
  admin.post('/promotions/templates/:id', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return kit.act(reply, `/admin/promotions/templates/${id}`, 'template_saved', () =>
      saveTemplate(ctx, kit.actorOf(request), id, request.body),
    );
  });
};
