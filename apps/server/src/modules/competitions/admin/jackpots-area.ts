/** Jackpots in the back-office (part of the competitions area): list, create, edit; each change audited. */

import type { FastifyRequest } from 'fastify';
import { idParam, recordAudit, type TRouteArea } from '../../backoffice/index.ts';
import { listJackpotsForOperator, updateJackpot } from '../jackpot-admin.ts';
import { ensureJackpotCycles } from '../jackpot-cycles.ts';
import { JACKPOTS_CHANGED } from '../jackpot-rules.ts';
import { createJackpot } from '../jackpots.ts';
import { auditedJackpot } from './competitions-audit.ts';
import { catalogueOf, readJackpotEdit, readJackpotForm } from './competitions-forms.ts';
import { jackpotEditBody, jackpotNewBody, jackpotsBody } from './jackpots-page.ts';

export const competitionsJackpotRoutes: TRouteArea = (admin, kit, ctx) => {
  const now = () => ctx.providers.clock.now();

  admin.get('/competitions/jackpots', async (request, reply) => {
    await kit.need(request, 'competitions.read');
    return kit.render(
      request,
      reply,
      'Jackpots',
      'competitions',
      jackpotsBody({
        items: await listJackpotsForOperator(ctx.db),
        canEdit: kit.allowed(request)('competitions.edit'),
      }),
    );
  });

  admin.get('/competitions/jackpots/new', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    return kit.render(
      request,
      reply,
      'New jackpot',
      'competitions',
      jackpotNewBody({ values: { name: {}, tiers: [] }, problems: [], csrf: kit.csrfOf(request) }),
    );
  });

  admin.post('/competitions/jackpots', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const form = readJackpotForm(request.body, await catalogueOf(ctx.db));
    if (form.problems.length)
      return kit.render(
        request,
        reply,
        'New jackpot',
        'competitions',
        jackpotNewBody({ values: form.input, problems: form.problems, csrf: kit.csrfOf(request) }),
        422,
      );
    await ctx.db.transaction(async (tx) => {
      const id = await createJackpot(tx, form.input);
      if (id === null) throw new Error('a jackpot without a sysname was not created');
      await recordAudit(tx, kit.actorOf(request), {
        action: 'jackpot.create',
        target: { type: 'jackpot', id },
        after: auditedJackpot(form.input),
        at: now(),
      });
    });
    // Every instance reads the jackpots its bets can feed again.
    await ctx.bus.publish(JACKPOTS_CHANGED, {});
    // The new tiers' first cycles: committed drop points, and the seeds on the pools.
    await ensureJackpotCycles(ctx);
    return reply.redirect('/admin/competitions/jackpots?ok=jackpot_created', 303);
  });

  // A malformed id reads as 0, which listJackpotsForOperator takes as "every jackpot": never the first one.
  const jackpotOf = async (request: FastifyRequest) => {
    const id = idParam(request);
    return id ? (await listJackpotsForOperator(ctx.db, id))[0] : undefined;
  };

  admin.get('/competitions/jackpots/:id', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const jackpot = await jackpotOf(request);
    if (!jackpot) return reply.callNotFound();
    return kit.render(
      request,
      reply,
      'Edit jackpot',
      'competitions',
      jackpotEditBody({ jackpot, problems: [], csrf: kit.csrfOf(request) }),
    );
  });

  admin.post('/competitions/jackpots/:id', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const jackpot = await jackpotOf(request);
    if (!jackpot) return reply.callNotFound();
    const form = readJackpotEdit(request.body, await catalogueOf(ctx.db), {
      name: jackpot.name,
      tierIds: jackpot.tiers.map((t) => t.id),
    });
    if (form.problems.length)
      return kit.render(
        request,
        reply,
        'Edit jackpot',
        'competitions',
        jackpotEditBody({ jackpot, problems: form.problems, csrf: kit.csrfOf(request) }),
        422,
      );
    await ctx.db.transaction(async (tx) => {
      await updateJackpot(tx, jackpot.id, form.edit);
      await recordAudit(tx, kit.actorOf(request), {
        action: 'jackpot.update',
        target: { type: 'jackpot', id: jackpot.id },
        before: auditedJackpot({
          name: jackpot.name,
          games: jackpot.games,
          gameKinds: jackpot.gameKinds,
          minBet: jackpot.minBet,
          imageUrl: jackpot.imageUrl,
          state: jackpot.state,
          contributionBp: new Map(jackpot.tiers.map((t) => [t.id, t.contributionBp])),
        }),
        after: auditedJackpot(form.edit),
        at: now(),
      });
    });
    await ctx.bus.publish(JACKPOTS_CHANGED, {});
    return reply.redirect('/admin/competitions/jackpots?ok=jackpot_saved', 303);
  });
};
