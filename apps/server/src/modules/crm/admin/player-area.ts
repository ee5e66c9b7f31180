/** The CRM's actions on one player (notes, tags, risk flags; each audited) and the player's game rounds. */
import { z } from 'zod';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import {
  formChoice,
  formString,
  idParam,
  pageOf,
  parseForm,
  queryOf,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { findPlayerById } from '../../players/index.ts';
import { addNote, addTag, clearFlag, removeTag, setFlag, tagOf } from '../player-crm.ts';
import { playerRounds, ROUND_STATUSES } from '../rounds.ts';
import { RISK_FLAGS } from '../schema.ts';
import { roundsBody } from './rounds-page.ts';

const ZNoteForm = z.object({
  note: z.string().trim().min(1, 'requiredField').max(2000, 'maxLength').prefault(''),
});
const ZFlagForm = z.object({
  flag: formChoice(RISK_FLAGS),
  reason: z.string().trim().min(3, 'requiredField').max(500, 'maxLength').prefault(''),
});
const ZTagForm = z.object({ tag: formString() });

export const crmPlayerArea: TRouteArea = (admin, kit, ctx) => {
  admin.get('/players/:id/rounds', async (request, reply) => {
    await kit.need(request, 'rounds.read');
    const player = await findPlayerById(ctx.db, idParam(request));
    if (!player) return reply.callNotFound();
    const raw = queryOf(request).status ?? '';
    const status = (ROUND_STATUSES as readonly string[]).includes(raw)
      ? (raw as (typeof ROUND_STATUSES)[number])
      : undefined;
    const page = pageOf(request);
    const result = await playerRounds(ctx.db, player.id, { page, status });
    return kit.render(
      request,
      reply,
      `${player.login} · Game rounds`,
      'players',
      roundsBody({ player, ...result, page, status: status ?? '' }),
    );
  });

  const back = (id: number) => `/admin/players/${id}`;
  admin.post('/players/:id/notes', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const id = idParam(request);
    return kit.act(reply, back(id), 'note_added', () =>
      addNote(ctx, kit.actorOf(request), id, parseForm(ZNoteForm, request.body).note),
    );
  });
  admin.post('/players/:id/tags', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const id = idParam(request);
    return kit.act(reply, back(id), 'tagged', async () => {
      const tag = tagOf(parseForm(ZTagForm, request.body).tag);
      if (!(await findPlayerById(ctx.db, id))) throw invalidParameters({ id: 'notFound' });
      await addTag(ctx, kit.actorOf(request), [id], tag, { target: { type: 'player', id } });
    });
  });
  admin.post('/players/:id/tags/remove', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const id = idParam(request);
    return kit.act(reply, back(id), 'untagged', () =>
      removeTag(ctx, kit.actorOf(request), id, parseForm(ZTagForm, request.body).tag),
    );
  });
  admin.post('/players/:id/flags', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const id = idParam(request);
    return kit.act(reply, back(id), 'flagged', () =>
      setFlag(ctx, kit.actorOf(request), id, parseForm(ZFlagForm, request.body)),
    );
  });
  admin.post('/players/:id/flags/clear', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const id = idParam(request);
    return kit.act(reply, back(id), 'unflagged', () =>
      clearFlag(ctx, kit.actorOf(request), id, parseForm(ZFlagForm, request.body)),
    );
  });
};
