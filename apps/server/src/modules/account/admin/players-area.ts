/**
 * Players: the player's page (the account, its sessions and ledger, and the panels other modules draw on it), ban
 * and unban, end all sessions. The list of players (/admin/players) is the crm module's.
 */
import { z } from 'zod';
import type { TPermission } from '../../backoffice/index.ts';
import {
  can,
  idParam,
  pageOf,
  parseForm,
  type TPlayerPagePanel,
  type TPlayerPageSlot,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { playerLedgerPage } from '../../ledger/index.ts';
import { endPlayerSessions, playerOverview, setPlayerBanned } from './player-admin.ts';

import { playerBody } from './players-pages.ts';

/** A ban's (or its lifting's) reason: 3 characters or more. */
const ZBanForm = z.object({ reason: z.string().trim().min(3, 'requiredField').prefault('') });

/** The players area, with the panels the other modules draw on the player's page (in the order given). */
export const createPlayersArea =
  (panels: TPlayerPagePanel[]): TRouteArea =>
  (admin, kit, ctx) => {
    admin.get('/players/:id', async (request, reply) => {
      const operator = await kit.need(request, 'players.read');
      const playerId = idParam(request);
      const overview = await playerOverview(ctx, playerId);
      const allowed = (permission: TPermission) => can(operator.role, permission);
      const ledger = allowed('ledger.read')
        ? { ...(await playerLedgerPage(ctx.db, playerId, pageOf(request))), page: pageOf(request) }
        : null;
      const csrf = kit.csrfOf(request);
      const view = { player: overview.player, allowed, csrf };
      const drawn = await Promise.all(panels.map((panel) => panel.draw(ctx, view)));
      const slot = (name: TPlayerPageSlot) => drawn.filter((_, i) => panels[i]?.slot === name);
      return kit.render(
        request,
        reply,
        overview.player.login,
        'players',
        playerBody({
          ...overview,
          ledger,
          csrf,
          allowed,
          panels: {
            status: slot('status'),
            facts: slot('facts'),
            summary: slot('summary'),
            beside: slot('beside'),
            actions: slot('actions'),
            below: slot('below'),
          },
        }),
      );
    });
    for (const banned of [true, false])
      admin.post(`/players/:id/${banned ? 'ban' : 'unban'}`, async (request, reply) => {
        await kit.need(request, 'players.ban');
        const playerId = idParam(request);
        return kit.act(reply, `/admin/players/${playerId}`, banned ? 'banned' : 'unbanned', () => {
          const { reason } = parseForm(ZBanForm, request.body);
          return setPlayerBanned(ctx, kit.actorOf(request), { playerId, banned, reason });
        });
      });
    admin.post('/players/:id/sessions/end', async (request, reply) => {
      await kit.need(request, 'sessions.end');
      const playerId = idParam(request);
      return kit.act(reply, `/admin/players/${playerId}`, 'sessions_ended', () =>
        endPlayerSessions(ctx, kit.actorOf(request), playerId),
      );
    });
  };
