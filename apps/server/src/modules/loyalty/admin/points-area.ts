/** A player's loyalty points adjustment, posted from the player's page (its panel: points-panel.ts). */
import { idParam, parseForm, type TRouteArea } from '../../backoffice/index.ts';
import { adjustPlayerPoints, ZPointsAdjustmentForm } from './adjust-points.ts';

export const loyaltyPointsArea: TRouteArea = (admin, kit, ctx) => {
  admin.post('/players/:id/loyalty-adjust', async (request, reply) => {
    await kit.need(request, 'adjustments.create');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'adjusted', () =>
      adjustPlayerPoints(ctx, kit.actorOf(request), {
        ...parseForm(ZPointsAdjustmentForm, request.body),
        playerId,
      }),
    );
  });
};
