/**
 * Competitions: tournaments (list, create, edit, standings, cancel with entry fees refunded through the ledger) and,
 * from competitions-jackpots.ts, jackpots. Every change is audited in the same transaction as the change.
 */
import { z } from 'zod';
import {
  formString,
  idParam,
  pageOf,
  parseForm,
  recordAudit,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { cancelTournament } from '../cancel-tournament.ts';
import {
  createTournament,
  type TTournamentInput,
  tournamentInputProblems,
  updateTournament,
} from '../create-tournament.ts';
import {
  hasPaidEntries,
  listTournamentsForOperator,
  standingsForOperator,
  tournamentForOperator,
} from '../tournament-admin.ts';
import { TOURNAMENTS_CHANGED } from '../tournament-eligibility.ts';
import { auditedTournament, tournamentInputOf } from './competitions-audit.ts';
import { CONTROL, catalogueOf, readTournamentForm } from './competitions-forms.ts';
import { competitionsJackpotRoutes } from './jackpots-area.ts';
import { tournamentBody, tournamentFormBody, tournamentsBody } from './tournaments-page.ts';

const HOUR = 3_600_000;

/** Why a tournament is cancelled (recorded in the audit log): no control characters, 5 to 500 characters. */
const ZCancelForm = z.object({
  reason: formString().pipe(
    z
      .string()
      .trim()
      .refine((v) => !CONTROL.test(v), 'wrongField')
      .min(1, 'requiredField')
      .min(5, 'minLength')
      .max(500, 'maxLength'),
  ),
});

/** The contract-level check's codes, in words (the form reader says most of these first). */
const PROBLEM_TEXT: Record<string, string> = {
  title: 'Title: required.',
  ends_at: 'Ends: must be after the start.',
  min_bet: 'Qualifying bet: not valid.',
  prizes: 'Prizes: each place once, each amount above zero.',
  providers: 'Name games or providers, not both.',
  entry_fee: 'Entry fee: only an opt-in tournament can take one.',
};

export const competitionsArea: TRouteArea = (admin, kit, ctx) => {
  const now = () => ctx.providers.clock.now();
  const formPage = async (
    request: Parameters<typeof kit.render>[0],
    reply: Parameters<typeof kit.render>[1],
    input: { id?: number; values: TTournamentInput; problems: string[]; feeLocked: boolean },
    status = 200,
  ) => {
    const catalogue = await catalogueOf(ctx.db);
    return kit.render(
      request,
      reply,
      input.id ? 'Edit tournament' : 'New tournament',
      'competitions',
      tournamentFormBody({ ...input, csrf: kit.csrfOf(request), providers: [...catalogue.providers] }),
      status,
    );
  };
  /** The form's problems, then the module's own check of the settings. */
  const problemsOf = (form: ReturnType<typeof readTournamentForm>) =>
    form.problems.length
      ? form.problems
      : Object.keys(tournamentInputProblems(form.input)).map((k) => PROBLEM_TEXT[k] ?? `${k}: not valid.`);

  admin.get('/competitions', async (request, reply) => {
    await kit.need(request, 'competitions.read');
    const page = pageOf(request);
    const list = await listTournamentsForOperator(ctx.db, page);
    return kit.render(
      request,
      reply,
      'Competitions',
      'competitions',
      tournamentsBody({ ...list, page, now: now(), canEdit: kit.allowed(request)('competitions.edit') }),
    );
  });

  admin.get('/competitions/tournaments/new', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const start = new Date(Math.ceil(now().getTime() / HOUR) * HOUR);
    return formPage(request, reply, {
      values: {
        title: {},
        startsAt: start,
        endsAt: new Date(start.getTime() + 7 * 24 * HOUR),
        scoring: 'wagered',
        prizes: [],
      },
      problems: [],
      feeLocked: false,
    });
  });

  admin.post('/competitions/tournaments', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const form = readTournamentForm(request.body, await catalogueOf(ctx.db));
    const problems = problemsOf(form);
    if (problems.length)
      return formPage(request, reply, { values: form.input, problems, feeLocked: false }, 422);
    const id = await ctx.db.transaction(async (tx) => {
      const created = await createTournament(tx, form.input);
      if (created === null) throw new Error('a tournament without a sysname was not created');
      await recordAudit(tx, kit.actorOf(request), {
        action: 'tournament.create',
        target: { type: 'tournament', id: created },
        after: auditedTournament(form.input),
        at: now(),
      });
      return created;
    });
    // Every instance reads the tournaments its bets can score in again.
    await ctx.bus.publish(TOURNAMENTS_CHANGED, {});
    return reply.redirect(`/admin/competitions/tournaments/${id}?ok=tournament_created`, 303);
  });

  admin.get('/competitions/tournaments/:id', async (request, reply) => {
    await kit.need(request, 'competitions.read');
    const t = await tournamentForOperator(ctx.db, idParam(request));
    if (!t) return reply.callNotFound();
    const page = pageOf(request);
    return kit.render(
      request,
      reply,
      t.title.en ?? 'Tournament',
      'competitions',
      tournamentBody({
        t,
        standings: await standingsForOperator(ctx.db, t.id, page),
        page,
        now: now(),
        csrf: kit.csrfOf(request),
        canEdit: kit.allowed(request)('competitions.edit'),
      }),
    );
  });

  admin.get('/competitions/tournaments/:id/edit', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const t = await tournamentForOperator(ctx.db, idParam(request));
    if (!t) return reply.callNotFound();
    if (t.state !== 'open')
      return reply.redirect(`/admin/competitions/tournaments/${t.id}?error=state_wrongField`, 303);
    return formPage(request, reply, {
      id: t.id,
      values: tournamentInputOf(t),
      problems: [],
      feeLocked: await hasPaidEntries(ctx.db, t.id),
    });
  });

  admin.post('/competitions/tournaments/:id', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const t = await tournamentForOperator(ctx.db, idParam(request));
    if (!t) return reply.callNotFound();
    const back = `/admin/competitions/tournaments/${t.id}`;
    if (t.state !== 'open') return reply.redirect(`${back}?error=state_wrongField`, 303);
    const before = tournamentInputOf(t);
    const form = readTournamentForm(request.body, await catalogueOf(ctx.db), before);
    const feeLocked = await hasPaidEntries(ctx.db, t.id);
    const problems = problemsOf(form);
    if (feeLocked && form.input.entryFee !== t.entry_fee)
      problems.push('Entry fee: players have paid it, so it can no longer change.');
    // Points already earned were counted by the rule: a new rule would mix two kinds of points in one table.
    if (t.entries > 0 && form.input.scoring !== t.scoring)
      problems.push('Scoring: players have points under the current rule, so it can no longer change.');
    if (problems.length)
      return formPage(request, reply, { id: t.id, values: form.input, problems, feeLocked }, 422);
    const saved = await ctx.db.transaction(async (tx) => {
      if (!(await updateTournament(tx, t.id, form.input))) return false;
      await recordAudit(tx, kit.actorOf(request), {
        action: 'tournament.update',
        target: { type: 'tournament', id: t.id },
        before: auditedTournament(before),
        after: auditedTournament(form.input),
        at: now(),
      });
      return true;
    });
    if (saved) await ctx.bus.publish(TOURNAMENTS_CHANGED, {});
    return reply.redirect(`${back}?${saved ? 'ok=tournament_saved' : 'error=state_wrongField'}`, 303);
  });

  admin.post('/competitions/tournaments/:id/cancel', async (request, reply) => {
    await kit.need(request, 'competitions.edit');
    const id = idParam(request);
    return kit.act(reply, `/admin/competitions/tournaments/${id}`, 'tournament_cancelled', async () => {
      const { reason } = parseForm(ZCancelForm, request.body);
      await cancelTournament(ctx, id, (tx, summary) =>
        recordAudit(tx, kit.actorOf(request), {
          action: 'tournament.cancel',
          target: { type: 'tournament', id },
          before: { state: 'open' },
          after: { state: 'cancelled', refunds: summary.refunds, refunded: summary.refunded.toString() },
          reason,
          at: now(),
        }).then(() => undefined),
      );
    });
  });

  competitionsJackpotRoutes(admin, kit, ctx);
};
