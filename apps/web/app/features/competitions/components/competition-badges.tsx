/**
 * Badges of the running competitions a game takes part in: on a game tile (inside its link, so plain marks whose
 * full meaning is read out to screen readers) and on the game page (links to the tournament and the jackpot).
 * Logical insets and `dir="auto"` names keep them right in RTL.
 */
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { money } from '../lib/format';
import { competitionsOf, type TBadgeGame, type TCompetitionIndex } from '../lib/game-badges';

const PILL =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.68rem] font-bold leading-4 shadow-sm';
const TOURNAMENT_TONE = 'bg-violet-600 text-white';
const JACKPOT_TONE = 'bg-amber-400 text-amber-950';

function Trophy() {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" fill="currentColor" aria-hidden="true">
      <path d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3zm0 4H6v1a2 2 0 0 0 1 1.7zm10 0v2.7A2 2 0 0 0 18 8V7z" />
    </svg>
  );
}

function Coins() {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" fill="currentColor" aria-hidden="true">
      <path d="M12 3c4.4 0 8 1.6 8 3.5S16.4 10 12 10 4 8.4 4 6.5 7.6 3 12 3zm-8 6.2C5.6 10.9 8.6 12 12 12s6.4-1.1 8-2.8v2.3c0 1.9-3.6 3.5-8 3.5s-8-1.6-8-3.5zm0 5C5.6 15.9 8.6 17 12 17s6.4-1.1 8-2.8v2.3c0 1.9-3.6 3.5-8 3.5s-8-1.6-8-3.5z" />
    </svg>
  );
}

/**
 * On a tile the pills are compact below `sm` (phones): a round icon-only mark in a row at the corner, so they cover
 * a small corner of the art; from `sm` on they carry their word. The screen-reader text is the same in both forms.
 */
const TILE_PILL =
  'inline-flex items-center justify-center gap-1 rounded-full p-1 sm:px-2 sm:py-0.5 text-[0.68rem] font-bold leading-4 shadow-sm';
const TILE_WORD = 'hidden sm:inline';

/** On a tile: one mark per kind of competition; the screen-reader text names each one. */
export function TileCompetitionBadges({ index, game }: { index: TCompetitionIndex; game: TBadgeGame }) {
  const { t } = useTranslation();
  const { tournaments, jackpots } = competitionsOf(index, game);
  if (tournaments.length === 0 && jackpots.length === 0) return null;
  return (
    <span
      className="absolute top-1.5 start-1.5 sm:top-2 sm:start-2 flex flex-row sm:flex-col items-start gap-1"
      data-testid="tile-badges"
    >
      {tournaments.length > 0 && (
        <span className={`${TILE_PILL} ${TOURNAMENT_TONE}`} data-badge="tournament">
          <Trophy />
          <span aria-hidden="true" className={TILE_WORD}>
            {t('games.badges.tournament', { defaultValue: 'Tournament' })}
          </span>
          <span className="sr-only">
            {tournaments
              .map((x) =>
                t('games.badges.inTournament', { title: x.title, defaultValue: 'In the tournament {title}' }),
              )
              .join(', ')}
          </span>
        </span>
      )}
      {jackpots.length > 0 && (
        <span className={`${TILE_PILL} ${JACKPOT_TONE}`} data-badge="jackpot">
          <Coins />
          <span aria-hidden="true" className={TILE_WORD}>
            {t('games.badges.jackpot', { defaultValue: 'Jackpot' })}
          </span>
          <span className="sr-only">
            {jackpots
              .map((x) =>
                t('games.badges.feedsJackpot', { name: x.name, defaultValue: 'Feeds the jackpot {name}' }),
              )
              .join(', ')}
          </span>
        </span>
      )}
    </span>
  );
}

/** On the game page: a list of links to each tournament and jackpot the game takes part in. */
export function GameCompetitionBadges({ index, game }: { index: TCompetitionIndex; game: TBadgeGame }) {
  const { t } = useTranslation();
  const { tournaments, jackpots } = competitionsOf(index, game);
  if (tournaments.length === 0 && jackpots.length === 0) return null;
  return (
    <ul
      className="mb-3 flex flex-wrap gap-2"
      aria-label={t('games.badges.title', { defaultValue: 'Competitions of this game' })}
      data-testid="game-badges"
    >
      {tournaments.map((x) => (
        <li key={`t${x.id}`}>
          <LocaleLink
            to={paths.tournament(x.id)}
            className={`${PILL} ${TOURNAMENT_TONE} text-xs`}
            data-badge="tournament"
            aria-label={t('games.badges.inTournament', {
              title: x.title,
              defaultValue: 'In the tournament {title}',
            })}
          >
            <Trophy />
            <span dir="auto">{x.title}</span>
          </LocaleLink>
        </li>
      ))}
      {jackpots.map((x) => (
        <li key={`j${x.id}`}>
          <LocaleLink
            to={paths.jackpot(x.id)}
            className={`${PILL} ${JACKPOT_TONE} text-xs`}
            data-badge="jackpot"
          >
            <Coins />
            {/* The name read out holds the visible text (WCAG 2.5.3), after what the link means. */}
            <span className="sr-only">
              {t('games.badges.jackpotPrefix', { defaultValue: 'Feeds the jackpot' })}{' '}
            </span>
            <span dir="auto">{x.name}</span>
            <span className="tabular-nums" dir="ltr">
              {money(x.amount, x.currency)}
            </span>
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}
