/** `/tournaments/{id}/gamehall`: the games that count for a tournament, 12 a page (spec §9), "show more" adds 12. */
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import type { TGameItem } from '../../games/api/games-api';
import { GameTile } from '../../games/components/game-tile';
import type { TTournament } from '../api/competitions-api';
import { tournamentGamesParams } from '../lib/tournament-games';

export function TournamentGamesPage(props: { tournament: TTournament; items: TGameItem[]; total: number }) {
  const { t } = useTranslation();
  const [items, setItems] = useState(props.items);
  const [busy, setBusy] = useState(false);
  const more = async () => {
    setBusy(true);
    try {
      const page = await api.get<{ items: TGameItem[]; total: number }>(
        'games.get',
        tournamentGamesParams(props.tournament, items.length),
      );
      setItems((list) => [...list, ...page.items]);
    } finally {
      setBusy(false);
    }
  };
  const kinds = props.tournament.restrictions?.game_kinds ?? [];
  return (
    <div className="mx-auto w-full max-w-[1600px] px-3 pb-16 sm:px-4 lg:px-6">
      <LocaleLink
        to={paths.tournament(props.tournament.id)}
        className="inline-block pt-4 text-sm text-[var(--accent)]"
      >
        {props.tournament.title}
      </LocaleLink>
      <h1 className="pt-2 text-2xl font-black text-[var(--text-strong)] md:text-3xl">
        {t('competitions.tournament.gamesTitle', { defaultValue: 'Games of the tournament' })}
      </h1>
      <p className="mt-1 text-sm text-[var(--text-muted)]">
        {(props.tournament.games ?? []).length > 0
          ? null
          : kinds.length > 0
            ? t('competitions.tournament.anyGame', {
                defaultValue: 'Every game of these kinds counts: {kinds}.',
                kinds: kinds.join(', '),
              })
            : t('competitions.tournament.allGames', { defaultValue: 'Every game counts.' })}
      </p>
      <ul
        className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
        data-testid="tournament-games"
      >
        {items.map((game) => (
          <li key={game.sysname}>
            <GameTile game={game} />
          </li>
        ))}
      </ul>
      {items.length < props.total && (
        <button type="button" className="btn btn-ghost mt-6" onClick={more} disabled={busy}>
          {t('competitions.tournament.more', { defaultValue: 'Show more' })}
        </button>
      )}
    </div>
  );
}
