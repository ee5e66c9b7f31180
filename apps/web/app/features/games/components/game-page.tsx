/**
 * The game page (`/game/{sysname}`, game layout) and the bare player (`/platform/game/…`): the mode switch
 * (real / demo; a visitor asking for real gets `#real` → registration), favourite and full-screen toggles,
 * the play screen, and the rules panel with RTP and the fairness mapping.
 */
import type { TPlayMode } from '@casino/contracts/calls/games-play';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { isInTelegram } from '../../../lib/telegram';
import { fillDialogPlace, openDialogPlace } from '../../../ui/dialogs';
import { Icon } from '../../../ui/icons';
import { Loader, useLoadProgress } from '../../../ui/loader';
import { useAccount } from '../../account/use-account';
import { LocaleLink } from '../../frame/locale-link';
import { useSite } from '../../frame/use-site';
import { SoundToggle } from '../../sound/sound-toggle';
import { useFavourite } from '../hooks/use-favourite';
import { useFullscreen } from '../hooks/use-fullscreen';
import { type TGameSession, useGameSession } from '../hooks/use-game-session';
import { useHydrated } from '../hooks/use-hydrated';
import {
  isFullscreenToggleVisible,
  type TFullscreenVisibility,
  type TGameView,
  type TScreen,
} from '../lib/game-kinds';
import { formatAmount } from '../lib/wire';
import type { TScreenProps } from '../screens/screen-props';
import { openGamesSearch } from './open-games-search';
import { RulesPanel } from './rules-panel';

fillDialogPlace('demo-mode', () => import('./demo-mode-dialog'));

const SCREENS: Record<
  Exclude<TScreen, 'none'>,
  React.LazyExoticComponent<(p: TScreenProps) => React.ReactNode>
> = {
  slot: lazy(() => import('../screens/slot-screen')),
  roulette: lazy(() => import('../screens/roulette-screen')),
  blackjack: lazy(() => import('../screens/blackjack-screen')),
  dice: lazy(() => import('../screens/dice-screen')),
  crash: lazy(() => import('../screens/crash-screen')),
  mines: lazy(() => import('../screens/mines-screen')),
  hilo: lazy(() => import('../screens/hilo-screen')),
  keno: lazy(() => import('../screens/keno-screen')),
  plinko: lazy(() => import('../screens/plinko-screen')),
  'live-roulette': lazy(() => import('../screens/live-roulette-screen')),
  aggregator: lazy(() => import('../screens/aggregator-screen')),
};

/** While a game's screen loads: the site's loader (spec §3 `loader`: the operator's logo, the percent). */
function ScreenLoading() {
  const { t } = useTranslation();
  const config = useSite()?.cms?.loader;
  const progress = useLoadProgress(true);
  return (
    <Loader
      config={config}
      progress={progress}
      label={t('common.labels.loading', { defaultValue: 'Loading…' })}
      className="min-h-[22rem]"
    />
  );
}

const BALANCE_LABEL = 'text-[0.7rem] font-bold tracking-wide text-[var(--text-muted)] uppercase';
const BALANCE_VALUE = 'tabular-nums font-extrabold text-[var(--text-strong)]';

/** The game's balance: the header's, split and named as its breakdown does (demo: the play money). */
export function BalanceBadge({ session }: { session: TGameSession }) {
  const { t } = useTranslation();
  const amount = (value: number | null) => (value === null ? '—' : formatAmount(value, session.currency));
  const parts = session.parts;
  return (
    <div className="flex min-w-0 flex-wrap gap-2" data-testid="game-balance">
      <div className="gm-balance">
        <span className={BALANCE_LABEL}>
          {session.mode === 'demo'
            ? t('games.game.demoBalance', { defaultValue: 'Demo balance' })
            : t('header.balances.main', { defaultValue: 'Real money' })}
        </span>
        <span className={BALANCE_VALUE} data-testid="game-balance-value">
          {amount(parts ? parts.main : session.balance)}
        </span>
      </div>
      {parts && (
        <div className="gm-balance">
          <span className={BALANCE_LABEL}>
            {t('header.balances.bonus', { defaultValue: 'Casino bonus' })}
          </span>
          <span className={BALANCE_VALUE} data-testid="game-bonus-value">
            {amount(parts.bonus)}
          </span>
        </div>
      )}
    </div>
  );
}

function Stage({ game, mode }: { game: TGameView; mode: TPlayMode }) {
  const { t } = useTranslation();
  const session = useGameSession(game, mode);
  const Screen = game.screen === 'none' ? null : SCREENS[game.screen];
  return (
    <div className="gm-stage-inner" data-screen={game.screen} data-mode={mode}>
      <div className="gm-stage-top">
        <BalanceBadge session={session} />
        {mode === 'demo' && (
          <button
            type="button"
            className="gm-demo-badge"
            onClick={() => openDialogPlace('demo-mode', {})}
            data-testid="demo-badge"
          >
            DEMO
          </button>
        )}
      </div>
      {Screen ? (
        <Suspense fallback={<ScreenLoading />}>
          <Screen game={game} session={session} />
        </Suspense>
      ) : (
        <p className="empty-state m-4">
          {t('games.game.ownSection', { defaultValue: 'This game opens in its own section.' })}
        </p>
      )}
      {session.lastRound && (
        <p className="gm-round-id">
          {t('games.game.roundLine', {
            defaultValue: 'Round {id} · nonce {nonce}',
            id: session.lastRound.round_id,
            nonce: session.lastRound.nonce,
          })}
        </p>
      )}
    </div>
  );
}

export function GamePage({
  game,
  initialMode,
  fullscreen,
  bare = false,
  badges = null,
}: {
  game: TGameView;
  initialMode: TPlayMode;
  fullscreen: TFullscreenVisibility;
  bare?: boolean;
  /** What the route adds under the title (the competitions the game takes part in). */
  badges?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const account = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const stage = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const full = useFullscreen(stage);
  const favourite = useFavourite(game.sysname, account !== null);
  const [mode, setMode] = useState<TPlayMode>(account ? initialMode : 'demo');
  const [showToggle, setShowToggle] = useState(fullscreen === 'all' || fullscreen === 'product');
  useEffect(() => setShowToggle(isFullscreenToggleVisible(fullscreen, isInTelegram())), [fullscreen]);
  useEffect(() => {
    if (!account) setMode('demo');
  }, [account]);

  const chooseReal = () => {
    if (account) setMode('real');
    // Spec §2: a visitor asking for real play gets the registration popup through #real.
    else navigate({ pathname: location.pathname, search: location.search, hash: '#real' });
  };

  const stageNode = (
    <div
      ref={stage}
      className={`gm-stage ${full.active ? `gm-stage-full${full.app ? ' gm-stage-app-full' : ''}` : ''}`}
      data-testid="game-stage"
      data-ready={hydrated}
    >
      <Stage key={mode} game={game} mode={mode} />
    </div>
  );
  if (bare) return stageNode;

  return (
    <div className="mx-auto w-full max-w-[1600px] px-2 pb-12 sm:px-4 lg:px-6" data-testid="game-page">
      <div className="flex flex-wrap items-center gap-2 py-3">
        <LocaleLink
          to={paths.gamehall.root}
          className="icon-btn"
          aria-label={t('games.hall.title', { defaultValue: 'Game hall' })}
        >
          <span className="rotate-90">
            <Icon name="chevron" className="size-5" />
          </span>
        </LocaleLink>
        <div className="min-w-0 flex-1 basis-[calc(100%-3.5rem)] sm:basis-auto">
          <h1
            dir="auto"
            className="game-name truncate text-lg font-extrabold text-[var(--text-strong)] md:text-xl"
            data-testid="game-title"
          >
            {game.name}
          </h1>
          <LocaleLink
            to={paths.gamehall.providers([game.provider])}
            className="block truncate text-xs text-[var(--text-muted)]"
          >
            {game.providerName}
          </LocaleLink>
        </div>
        {/* Wraps at the narrowest phones (320 px) rather than widen the page. */}
        <div className="ms-auto flex max-w-full flex-wrap items-center justify-end gap-2">
          {/* biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form fieldset */}
          <div className="gm-mode" role="group" aria-label={t('games.game.mode', { defaultValue: 'Mode' })}>
            <button type="button" aria-pressed={mode === 'real'} onClick={chooseReal} data-testid="mode-real">
              {t('games.game.play', { defaultValue: 'Real' })}
            </button>
            <button
              type="button"
              aria-pressed={mode === 'demo'}
              onClick={() => setMode('demo')}
              data-testid="mode-demo"
            >
              {t('games.game.demo', { defaultValue: 'Demo' })}
            </button>
          </div>
          <SoundToggle />
          <button
            type="button"
            className="icon-btn"
            onClick={() => openGamesSearch()}
            aria-label={t('games.hall.searchPlaceholder', { defaultValue: 'Search games' })}
          >
            <Icon name="search" className="size-5" />
          </button>
          {account && (
            <button
              type="button"
              className="icon-btn"
              aria-pressed={favourite.isFavourite}
              onClick={favourite.toggle}
              data-testid="favourite"
              aria-label={
                favourite.isFavourite
                  ? t('games.game.removeFavourite', { defaultValue: 'Remove from favourites' })
                  : t('games.game.addFavourite', { defaultValue: 'Add to favourites' })
              }
            >
              <span
                aria-hidden="true"
                className={favourite.isFavourite ? 'text-rose-400' : 'text-[var(--text-muted)]'}
              >
                {favourite.isFavourite ? '♥' : '♡'}
              </span>
            </button>
          )}
          {showToggle && full.supported && (
            <button
              type="button"
              className="icon-btn"
              onClick={full.toggle}
              data-testid="fullscreen"
              aria-label={
                full.active
                  ? t('games.game.exitFullscreen', { defaultValue: 'Exit full screen' })
                  : t('games.game.fullscreen', { defaultValue: 'Full screen' })
              }
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                {full.active ? (
                  <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
                ) : (
                  <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
                )}
              </svg>
            </button>
          )}
        </div>
      </div>
      {badges}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        {stageNode}
        <RulesPanel game={game} />
      </div>
    </div>
  );
}
