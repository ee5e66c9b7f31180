/**
 * The games search dialog (spec §2 'Other dialogs'): a name query sent to games.get 300 ms after typing stops,
 * arrow keys move through the results, Enter opens one, recent searches kept on this device.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { Icon } from '../../../ui/icons';
import { useLocaleHref } from '../../frame/use-site';
import { gamesQuery } from '../api/games-api';
import { useDebounced } from '../hooks/use-debounced';
import { tileImage } from '../lib/hall';
import { clearRecent, pushRecent, readRecent } from '../lib/recent-searches';

export const SEARCH_DEBOUNCE_MS = 300;
const RESULTS = 12;

export default function GamesSearchDialog({ dialog }: TPlaceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    setRecent(readRecent());
    input.current?.focus();
  }, []);
  const search = useQuery({ ...gamesQuery({ query, count: RESULTS }), enabled: query.length >= 2 });
  const results = query.length >= 2 ? (search.data?.items ?? []) : [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the first result
  useEffect(() => setActive(0), [query]);

  const open = (sysname: string) => {
    setRecent(pushRecent(text));
    dialog.close();
    navigate(localeHref(paths.game(sysname)));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!results.length) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const game = results[active];
      if (game) open(game.sysname);
    }
  };

  const pending = text.trim().length >= 2 && (text.trim() !== query || search.isFetching);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6" data-testid="games-search">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('games.hall.searchTitle', { defaultValue: 'Find a game' })}
      </h2>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 start-3 grid place-items-center text-[var(--text-muted)]">
          <Icon name="search" className="size-5" />
        </span>
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
          aria-label={t('games.hall.searchPlaceholder', { defaultValue: 'Search games' })}
          placeholder={t('games.hall.searchPlaceholder', { defaultValue: 'Search games' })}
          className="h-12 w-full rounded-xl border border-[var(--line)] bg-[var(--surface)] ps-11 pe-10 text-base text-[var(--text-strong)]"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          data-testid="games-search-input"
        />
        {pending && <span className="spinner absolute end-3 top-3.5 size-5" aria-hidden="true" />}
      </div>
      {text.trim().length < 2 ? (
        recent.length > 0 ? (
          <section aria-label={t('games.hall.recentSearches', { defaultValue: 'Recent searches' })}>
            <div className="mb-2 flex items-center justify-between">
              <h3 className="text-sm font-bold text-[var(--text-muted)] uppercase">
                {t('games.hall.recentSearches', { defaultValue: 'Recent searches' })}
              </h3>
              <button
                type="button"
                className="text-sm font-semibold text-[var(--accent)]"
                onClick={() => {
                  clearRecent();
                  setRecent([]);
                }}
              >
                {t('games.hall.clearRecent', { defaultValue: 'Clear' })}
              </button>
            </div>
            <div className="flex flex-wrap gap-2">
              {recent.map((r) => (
                <button key={r} type="button" className="gm-chip" onClick={() => setText(r)}>
                  {r}
                </button>
              ))}
            </div>
          </section>
        ) : (
          <p className="text-sm text-[var(--text-muted)]">
            {t('games.hall.searchHint', { defaultValue: 'Type at least 2 letters of a game name.' })}
          </p>
        )
      ) : !pending && results.length === 0 ? (
        <p className="empty-state" role="status">
          {t('games.hall.nothingFound', { defaultValue: 'No games found' })}
        </p>
      ) : (
        <div
          id={listId}
          role="listbox"
          className="grid gap-2 sm:grid-cols-2"
          data-testid="games-search-results"
        >
          {results.map((game, index) => {
            const image = tileImage(game, 'horizontal');
            return (
              <div
                tabIndex={-1}
                key={game.sysname}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`flex cursor-pointer items-center gap-3 rounded-xl border p-2 ${
                  index === active
                    ? 'border-[var(--accent)] bg-[var(--surface-hover)]'
                    : 'border-[var(--line)] bg-[var(--surface)]'
                }`}
                onMouseEnter={() => setActive(index)}
                onClick={() => open(game.sysname)}
                onKeyDown={() => undefined}
              >
                {image && (
                  <img
                    src={image.src}
                    alt=""
                    width={72}
                    height={48}
                    className="h-12 w-18 rounded-lg object-cover"
                  />
                )}
                <span className="min-w-0">
                  <span
                    dir="auto"
                    className="game-name block truncate font-semibold text-[var(--text-strong)]"
                  >
                    {game.name}
                  </span>
                  <span className="block truncate text-xs text-[var(--text-muted)] capitalize">
                    {game.provider?.replace(/_/g, ' ')}
                  </span>
                </span>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
