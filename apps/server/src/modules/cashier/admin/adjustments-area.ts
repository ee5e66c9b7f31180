/** Manual balance adjustments, posted from the player's page (its form: player-panels.ts). */
import { idParam, parseForm, type TRouteArea } from '../../backoffice/index.ts';
import { adjustBalance, ZAdjustmentForm } from './adjust-balance.ts';

export const adjustmentsArea: TRouteArea = (admin, kit, ctx) => {
  admin.post('/players/:id/adjust', async (request, reply) => {
    await kit.need(request, 'adjustments.create');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'adjusted', () =>
      adjustBalance(ctx, kit.actorOf(request), { ...parseForm(ZAdjustmentForm, request.body), playerId }),
    );
  });
};
