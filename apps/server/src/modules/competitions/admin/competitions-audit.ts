/** What the audit log keeps of a tournament or jackpot: its settings as plain JSON (amounts in minor units). */
import type { TTournamentInput } from '../create-tournament.ts';
import type { TJackpotEdit } from '../jackpot-admin.ts';
import type { TJackpotInput } from '../jackpots.ts';
import type { TTournamentRow } from '../tournament-rows.ts';

const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, v) =>
      typeof v === 'bigint' ? v.toString() : v instanceof Map ? Object.fromEntries(v) : v,
    ),
  );

export const auditedTournament = (i: TTournamentInput) => plain(i) as Record<string, unknown>;
export const auditedJackpot = (i: TJackpotInput | TJackpotEdit) => plain(i) as Record<string, unknown>;

/** A stored tournament in the form's shape (so before and after compare field by field). */
export const tournamentInputOf = (t: TTournamentRow): TTournamentInput => ({
  title: t.title,
  description: t.description,
  imageUrl: t.image_url,
  tags: t.tags,
  provider: t.provider,
  games: t.games,
  providers: t.providers,
  gameKinds: t.game_kinds,
  startsAt: t.starts_at,
  endsAt: t.ends_at,
  scoring: t.scoring,
  minBet: t.min_bet,
  countries: t.countries,
  currency: t.currency,
  optIn: t.opt_in,
  resetOnCashout: t.reset_on_cashout,
  entryFee: t.entry_fee,
  prizes: t.prizes,
  extra: t.extra,
});
