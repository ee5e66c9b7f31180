/** Bonuses: a player's bonuses (grant, cancel with a reason, free spins) and the bonus templates (list, edit). */
import type { TAppContext } from '../../../platform/context.ts';
import { findTemplateById, listTemplates, playerBonusesOf } from '../../bonuses/templates-admin.ts';
import { gameDims } from '../../games/catalogue/game-dims.ts';
import { freespinsGames, listFreespins } from '../../games/play/freespins.ts';
import type { TPlayer } from '../../players/schema.ts';
import type { TPermission } from '../permissions.ts';
import { cancelPlayerBonus, grantPlayerBonus, grantPlayerFreespins } from '../player-bonuses.ts';
import { saveTemplate } from '../promotions-admin.ts';
import { field, idParam, type TRouteArea } from '../route-kit.ts';
import { playerBonusesPanel } from '../ui/player-bonuses-panel.ts';
import { templateBody, templatesBody } from '../ui/templates-page.ts';

/** The bonuses panel of the player's page (areas/players.ts): what the operator's role may see and do. */
export const playerBonusesSection = async (
  ctx: TAppContext,
  player: TPlayer,
  allowed: (permission: TPermission) => boolean,
  csrf: string,
) => {
  const canGrant = allowed('bonuses.grant');
  const [bonuses, freespins, templates, games] = await Promise.all([
    playerBonusesOf(ctx.db, player.id),
    listFreespins(ctx.db, {
      playerId: player.id,
      status: 'all',
      offset: 0,
      count: 10,
      now: ctx.providers.clock.now(),
    }),
    canGrant ? listTemplates(ctx.db) : [],
    canGrant ? freespinsGames(ctx.db) : [],
  ]);
  return playerBonusesPanel({
    playerId: player.id,
    currency: player.currency,
    bonuses,
    freespins: freespins.items,
    templates,
    games,
    canGrant,
    csrf,
    bonusKey: ctx.providers.random.uuid(),
    freespinsKey: ctx.providers.random.uuid(),
  });
};

export const bonusesArea: TRouteArea = (admin, kit, ctx) => {
  // A player's bonuses (shown on the player's page)
  admin.post('/players/:id/bonuses/grant', async (request, reply) => {
    await kit.need(request, 'bonuses.grant');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'bonus_granted', () =>
      grantPlayerBonus(ctx, kit.actorOf(request), {
        playerId,
        template: field(request.body, 'template'),
        amount: field(request.body, 'amount'),
        reason: field(request.body, 'reason'),
        key: field(request.body, 'key'),
      }),
    );
  });
  admin.post('/players/:id/bonuses/:bid/cancel', async (request, reply) => {
    await kit.need(request, 'bonuses.grant');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'bonus_cancelled', () =>
      cancelPlayerBonus(ctx, kit.actorOf(request), {
        playerId,
        bonusId: idParam(request, 'bid'),
        reason: field(request.body, 'reason'),
      }),
    );
  });
  admin.post('/players/:id/freespins/grant', async (request, reply) => {
    await kit.need(request, 'bonuses.grant');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'freespins_granted', () =>
      grantPlayerFreespins(ctx, kit.actorOf(request), {
        playerId,
        game: field(request.body, 'game'),
        count: field(request.body, 'count'),
        bet: field(request.body, 'bet'),
        days: field(request.body, 'days'),
        reason: field(request.body, 'reason'),
        key: field(request.body, 'key'),
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
