/** The player list as CSV, streamed a chunk of players at a time (every player the filter finds, in id order). */
import { Readable } from 'node:stream';
import type { TAppContext } from '../../platform/context.ts';
import { toCsv } from '../backoffice/index.ts';
import type { TPlayerFilter } from './player-filter.ts';
import { eachFilteredPlayer, playerMarks } from './player-list.ts';

export const EXPORT_HEADER = [
  'id',
  'login',
  'email',
  'status',
  'country',
  'currency',
  'registered_at',
  'deposits',
  'withdrawals',
  'net_deposits',
  'last_deposit_at',
  'kyc',
  'level',
  'responsible_gaming',
  'tags',
  'risk_flags',
];

/** Minor units as a plain decimal a spreadsheet reads as a number (`-1234.50`). */
const decimal = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

const lines = (rows: unknown[][]) => {
  const [first, ...rest] = rows;
  return first ? toCsv(first.map(String), rest) : '';
};

export const playersCsv = (ctx: TAppContext, filter: TPlayerFilter) => {
  const now = ctx.providers.clock.now();
  async function* chunks() {
    yield lines([EXPORT_HEADER]);
    for await (const players of eachFilteredPlayer(ctx.db, filter, now)) {
      const marks = await playerMarks(
        ctx.db,
        players.map((p) => p.id),
        now,
      );
      yield lines(
        players.map((p) => {
          const m = marks.get(p.id);
          const rg = m?.exclusion
            ? `${m.exclusion.type}${m.exclusion.endsAt ? ` until ${m.exclusion.endsAt.toISOString()}` : ''}`
            : m?.limits
              ? 'limits'
              : '';
          return [
            p.id,
            p.login,
            p.email ?? '',
            p.status,
            p.countryCode ?? '',
            p.currency,
            p.createdAt.toISOString(),
            decimal(p.deposits),
            decimal(p.withdrawals),
            decimal(p.net),
            p.lastDepositAt?.toISOString() ?? '',
            m?.kyc ?? 'none',
            m?.level ?? '',
            rg,
            (m?.tags ?? []).join(' '),
            (m?.flags ?? []).join(' '),
          ];
        }),
      );
    }
  }
  return Readable.from(chunks());
};
