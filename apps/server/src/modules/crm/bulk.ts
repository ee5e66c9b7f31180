/**
 * Actions on every player a filter finds (a segment): a tag, a marketing message. At most BULK_MAX players at a
 * time (a larger set is refused, narrow the filter); each action is one audit row naming the filter and the count.
 * A bonus grant to a segment waits for the per-role limits and four eyes (docs/decisions/065-player-crm.md).
 */
import type { TAppContext } from '../../platform/context.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { recordAudit, type TActor } from '../backoffice/index.ts';
import { sendMarketing } from '../campaigns/index.ts';
import { addTag } from './player-crm.ts';
import { filledFields, narrows, parseFilter, type TFilterQuery } from './player-filter.ts';
import { eachFilteredPlayer } from './player-list.ts';

export const BULK_MAX = 10_000;

/** The ids the filter finds (a narrowing filter only: "every player" is no segment). */
export const segmentIds = async (ctx: TAppContext, query: TFilterQuery): Promise<number[]> => {
  if (!narrows(query)) throw invalidParameters({ filter: 'requiredField' });
  const { filter } = parseFilter(query);
  const ids: number[] = [];
  for await (const chunk of eachFilteredPlayer(ctx.db, filter, ctx.providers.clock.now(), 2000)) {
    ids.push(...chunk.map((p) => p.id));
    if (ids.length > BULK_MAX) throw invalidParameters({ filter: 'tooMany' });
  }
  return ids;
};

export const bulkTag = async (ctx: TAppContext, actor: TActor, query: TFilterQuery, tag: string) => {
  const ids = await segmentIds(ctx, query);
  if (ids.length === 0) return 0;
  return addTag(ctx, actor, ids, tag, {
    target: { type: 'segment', id: new URLSearchParams(filledFields(query)).toString() },
  });
};

/** Sends the message to each player of the segment who may get marketing; answers how many it went to. */
export const bulkMessage = async (
  ctx: TAppContext,
  actor: TActor,
  query: TFilterQuery,
  message: { channel: 'email' | 'sms'; subject: string; text: string },
) => {
  const ids = await segmentIds(ctx, query);
  let sent = 0;
  for (const playerId of ids) if (await sendMarketing(ctx, { playerId, ...message })) sent += 1;
  await recordAudit(ctx.db, actor, {
    action: 'segment.message',
    target: { type: 'segment', id: new URLSearchParams(filledFields(query)).toString() },
    after: {
      channel: message.channel,
      subject: message.subject,
      text: message.text,
      players: ids.length,
      sent,
    },
    at: ctx.providers.clock.now(),
  });
  return { players: ids.length, sent };
};
