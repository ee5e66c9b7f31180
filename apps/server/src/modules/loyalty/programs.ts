/** Named loyalty programs (the VIP ladder, quest seasons) running now, each with its quests and the caller's progress. */
import type { TLoyaltyProgram } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { ipxUrl } from '../../platform/images.ts';
import { queryRows } from '../ledger/index.ts';
import { ladder, listLevels } from './levels.ts';
import { pointsAccount } from './points.ts';
import { listQuests, publicQuest } from './quests.ts';
import { localized, type TTexts } from './text.ts';

const parse = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

export const listPrograms = async (
  db: TExecutor,
  input: { playerId: number | null; locale: string; now: Date; sysname?: string },
): Promise<TLoyaltyProgram[]> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, sysname, kind, title, description, image, starts_at, ends_at from loyalty_programs
         where is_active and (starts_at is null or starts_at <= ${input.now}) and (ends_at is null or ends_at > ${input.now})
           ${input.sysname === undefined ? sql`` : sql`and sysname = ${input.sysname}`}
         order by priority desc, id`,
  );
  const quests = rows.some((r) => r.kind === 'quests')
    ? await listQuests(db, { playerId: input.playerId, now: input.now, runningOnly: true })
    : [];
  const levels = !rows.some((r) => r.kind === 'levels')
    ? []
    : input.playerId === null
      ? // A visitor has no level yet: the ladder, nothing reached.
        ladder(await listLevels(db), 0n, input.locale).map((l) => ({
          ...l,
          is_reached: false,
          is_current: false,
        }))
      : ladder(await listLevels(db), (await pointsAccount(db, input.playerId)).lifetime, input.locale);
  return rows.map((r) => ({
    id: Number(r.id),
    sysname: String(r.sysname),
    kind: r.kind as TLoyaltyProgram['kind'],
    title: localized(parse<TTexts>(r.title), input.locale),
    description: localized(parse<TTexts>(r.description), input.locale),
    image: r.image ? ipxUrl(String(r.image), { width: 320, height: 180 }) : null,
    start_date: iso(r.starts_at),
    end_date: iso(r.ends_at),
    quests: quests.filter((q) => q.programId === Number(r.id)).map((q) => publicQuest(q, input.locale)),
    levels: r.kind === 'levels' ? levels : [],
  }));
};

export const getProgram = async (
  db: TExecutor,
  input: { playerId: number | null; locale: string; now: Date; sysname: string },
) => {
  const [program] = await listPrograms(db, input);
  if (!program) throw invalidParameters({ sysname: 'wrongField' });
  return program;
};
