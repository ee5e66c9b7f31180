/** Players: search, the player's page (with lifetime value), ban, end sessions, manual adjustments. */

import { firstTouchOf } from '../../events/first-touch.ts';
import { pointsAccount } from '../../loyalty/points.ts';
import { toPoints } from '../../loyalty/text.ts';
import { playerLifetime } from '../../reports/report-queries.ts';
import { adjustBalance } from '../adjust-balance.ts';
import { adjustPlayerPoints } from '../adjust-points.ts';
import type { TPermission } from '../permissions.ts';
import { can } from '../permissions.ts';
import {
  endPlayerSessions,
  ledgerPage,
  playerOverview,
  searchPlayers,
  setPlayerBanned,
} from '../player-admin.ts';
import { field, idParam, pageOf, queryOf, type TRouteArea } from '../route-kit.ts';
import { playerBody, playerSearchBody } from '../ui/players-pages.ts';
import { signUpSourcePanel } from '../ui/sign-up-source-panel.ts';
import { playerBonusesSection } from './bonuses.ts';

export const playersArea: TRouteArea = (admin, kit, ctx) => {
  // Players
  admin.get('/players', async (request, reply) => {
    await kit.need(request, 'players.read');
    const query = (queryOf(request).q ?? '').slice(0, 100);
    return kit.render(
      request,
      reply,
      'Players',
      'players',
      playerSearchBody({ query, hits: await searchPlayers(ctx.db, query) }),
    );
  });
  admin.get('/players/:id', async (request, reply) => {
    const operator = await kit.need(request, 'players.read');
    const playerId = idParam(request);
    const overview = await playerOverview(ctx, playerId);
    const allowed = (permission: TPermission) => can(operator.role, permission);
    const ledger = allowed('ledger.read')
      ? { ...(await ledgerPage(ctx.db, playerId, pageOf(request))), page: pageOf(request) }
      : null;
    const lifetime =
      allowed('reports.read') || allowed('ledger.read') ? await playerLifetime(ctx.db, playerId) : null;
    return kit.render(
      request,
      reply,
      overview.player.login,
      'players',
      playerBody({
        ...overview,
        ledger,
        csrf: kit.auth(request).session.csrfToken,
        adjustmentKey: ctx.providers.random.uuid(),
        loyaltyPoints: toPoints((await pointsAccount(ctx.db, playerId)).balance),
        allowed,
        lifetime,
        bonuses: await playerBonusesSection(ctx, overview.player, allowed, kit.csrfOf(request)),
        signUpSource: signUpSourcePanel(await firstTouchOf(ctx.db, playerId)),
      }),
    );
  });
  for (const banned of [true, false])
    admin.post(`/players/:id/${banned ? 'ban' : 'unban'}`, async (request, reply) => {
      await kit.need(request, 'players.ban');
      const playerId = idParam(request);
      return kit.act(reply, `/admin/players/${playerId}`, banned ? 'banned' : 'unbanned', () =>
        setPlayerBanned(ctx, kit.actorOf(request), {
          playerId,
          banned,
          reason: field(request.body, 'reason'),
        }),
      );
    });
  admin.post('/players/:id/sessions/end', async (request, reply) => {
    await kit.need(request, 'sessions.end');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'sessions_ended', () =>
      endPlayerSessions(ctx, kit.actorOf(request), playerId),
    );
  });
  admin.post('/players/:id/loyalty-adjust', async (request, reply) => {
    await kit.need(request, 'adjustments.create');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'adjusted', () =>
      adjustPlayerPoints(ctx, kit.actorOf(request), {
        playerId,
        direction: field(request.body, 'direction'),
        points: field(request.body, 'points'),
        reason: field(request.body, 'reason'),
        key: field(request.body, 'key'),
      }),
    );
  });
  admin.post('/players/:id/adjust', async (request, reply) => {
    await kit.need(request, 'adjustments.create');
    const playerId = idParam(request);
    return kit.act(reply, `/admin/players/${playerId}`, 'adjusted', () =>
      adjustBalance(ctx, kit.actorOf(request), {
        playerId,
        account: field(request.body, 'account'),
        direction: field(request.body, 'direction'),
        amount: field(request.body, 'amount'),
        reason: field(request.body, 'reason'),
        key: field(request.body, 'key'),
      }),
    );
  });
};
