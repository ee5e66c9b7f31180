/** Bonuses: a player's bonuses (grant, cancel with a reason, free spins) and the bonus templates (list, edit). */
import { idParam, parseForm, type TRouteArea } from '../../backoffice/index.ts';
import { gameDims } from '../../games/index.ts';
import { findTemplateById, listTemplates } from '../templates-admin.ts';
import { cancelPlayerBonus, ZCancelBonusForm } from './player-bonuses.ts';
import { saveTemplate } from './template-form.ts';
import { templateBody, templatesBody } from './templates-page.ts';

export const bonusesArea: TRouteArea = (admin, kit, ctx) => {
  // A player's bonuses (shown on the player's page: player-bonuses-panel.ts)
  // Grants (bonus, free spins) confirm first and follow the operator's limit: bonus-controls.ts.
  admin.post('/players/:id/bonuses/:bid/cancel', async (request, reply) => {
    await kit.need(request, 'bonuses.grant');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'bonus_cancelled', () =>
      cancelPlayerBonus(ctx, kit.actorOf(request), {
        ...parseForm(ZCancelBonusForm, request.body),
        playerId,
        bonusId: idParam(request, 'bid'),
      }),
    );
  });

  // Bonus templates (the first tab of Promotions)
  admin.get('/promotions', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    return kit.render(
      request,
      reply,
      'Bonus templates',
      'promotions',
      templatesBody({ templates: await listTemplates(ctx.db) }),
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
