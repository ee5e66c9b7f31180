/**
 * An aggregator's game (imported from Hub88): the game runs at the provider, framed here at the URL our server got
 * from Hub88 for this player and mode. Its bets reach our wallet through Hub88, so the header's balance moves with
 * them over the live socket like any other game's.
 */
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n-lite';
import { launchAggregatorGame } from '../api/launch-aggregator';
import type { TScreenProps } from './screen-props';

type TState = { kind: 'opening' } | { kind: 'open'; url: string } | { kind: 'failed'; noDemo: boolean };

export default function AggregatorScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<TState>({ kind: 'opening' });
  const open = useCallback(() => {
    setState({ kind: 'opening' });
    const mobile = window.matchMedia('(max-width: 767px)').matches;
    launchAggregatorGame({ sysname: game.sysname, mode: session.mode, mobile })
      .then(({ url }) => setState({ kind: 'open', url }))
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          noDemo: isApiError(error, 'InvalidParameterException') && Boolean(error.invalidParameters.mode),
        }),
      );
  }, [game.sysname, session.mode]);
  useEffect(open, [open]);

  if (state.kind === 'open')
    return (
      <iframe
        src={state.url}
        title={game.name}
        className="block h-[min(75vh,44rem)] min-h-[22rem] w-full rounded-lg border-0 bg-black"
        allow="autoplay; fullscreen"
        data-testid="aggregator-frame"
      />
    );
  if (state.kind === 'failed')
    return (
      <div
        className="grid min-h-[22rem] place-items-center gap-3 p-4 text-center"
        data-testid="aggregator-failed"
      >
        <p className="empty-state">
          {state.noDemo
            ? t('games.game.aggregatorNoDemo', { defaultValue: 'Demo play is not offered for this game.' })
            : t('games.game.aggregatorFailed', {
                defaultValue: 'The game could not be opened. Please try again later.',
              })}
        </p>
        {!state.noDemo && (
          <button type="button" className="btn btn-secondary" onClick={open}>
            {t('common.retry', { defaultValue: 'Try again' })}
          </button>
        )}
      </div>
    );
  return (
    <div className="grid min-h-[22rem] place-items-center" role="progressbar" aria-busy="true">
      <span className="sr-only">
        {t('games.game.aggregatorOpening', { defaultValue: 'Opening the game…' })}
      </span>
      <span className="spinner size-10" />
    </div>
  );
}
