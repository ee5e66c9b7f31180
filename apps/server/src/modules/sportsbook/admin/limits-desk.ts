/**
 * The book's margins and stake limits on the desk: the form (a sport, optionally one market of it, the margin in
 * percent, the most a bet may stake in major units, a reason), saved through book-limits.ts (which reprices the
 * open outcomes it covers) and audited with before and after in one transaction.
 */
import { toCents, toMajor } from '@casino/contracts';
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { recordAudit, type TActor } from '../../backoffice/index.ts';
import { listBookLimits, MAX_MARGIN_BP, setBookLimit, type TBookLimit } from '../book-limits.ts';
import { LIMITS } from '../limits.ts';
import { listSportKeys } from './event-queries.ts';

const optional = (pattern: RegExp) =>
  z
    .string()
    .default('')
    .transform((text) => text.trim())
    .refine((text) => text === '' || pattern.test(text), 'wrongField');

/** sport; market_id ('' or 0: the whole sport); margin in percent ('' none); max_stake in major units ('' none). */
export const ZBookLimitForm = z.object({
  sport: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,50}$/, 'wrongField'),
  market_id: optional(/^\d{1,7}$/).transform((text) => (text === '' ? 0 : Number(text))),
  margin: optional(/^\d{1,2}(\.\d{1,2})?$/)
    .transform((text) => (text === '' ? null : Math.round(Number(text) * 100)))
    .refine((bp) => bp === null || bp <= MAX_MARGIN_BP, 'wrongField'),
  max_stake: optional(/^\d{1,9}(\.\d{1,2})?$/)
    .transform((text) => (text === '' ? null : toCents(text)))
    .refine(
      (cents) => cents === null || (cents >= LIMITS.minStake && cents <= LIMITS.maxStakePerBet),
      'wrongField',
    ),
  reason: z.string().trim().min(3, 'requiredField').max(500, 'maxLength'),
});
export type TBookLimitForm = z.output<typeof ZBookLimitForm>;

const shown = (l: TBookLimit | null) =>
  l && {
    margin_percent: l.marginBp === null ? null : l.marginBp / 100,
    max_stake: l.maxStake === null ? null : toMajor(l.maxStake),
  };

export const changeBookLimit = async (ctx: TAppContext, actor: TActor, form: TBookLimitForm) => {
  if (!(await listSportKeys(ctx.db)).includes(form.sport)) throw invalidParameters({ sport: 'notFound' });
  const at = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const input = {
      sport: form.sport,
      marketId: form.market_id,
      marginBp: form.margin,
      maxStake: form.max_stake,
    };
    const done = await setBookLimit(tx, input, at);
    const after = input.marginBp === null && input.maxStake === null ? null : { ...input, updatedAt: at };
    await recordAudit(tx, actor, {
      action: 'sportsbook.book_limit',
      target: { type: 'sb_book_limit', id: `${form.sport}/${form.market_id}` },
      before: shown(done.before),
      after: after && { ...shown(after), repriced_outcomes: done.repriced },
      reason: form.reason,
      at,
    });
    return done;
  });
};

/** The rows in force and the sports the feed sends (for the form's choice). */
export const deskLimits = async (db: TExecutor) => ({
  limits: await listBookLimits(db),
  sports: await listSportKeys(db),
});
