/**
 * One game's play session: sends games.play (the server decides every outcome), keeps the balance the screen
 * shows (the stake leaves at once, the win lands when the screen has finished animating), refreshes the header
 * balance in real mode, and turns failures into the right dialog: not enough money → the insufficient funds
 * dialog, not signed in → the sign-in popup, a rule → a toast.
 */

import type { TPlayMode } from '@casino/contracts/calls/games-play';
import { formatMoney, toCents } from '@casino/contracts/money';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { toast } from '../../../ui/toasts';
import { accountQueryKey, useAccount } from '../../account/use-account';
import { openAuthPopup } from '../../auth/open-auth-popup';
import { fairnessQueryKey } from '../api/games-api';
import { openInsufficientFunds } from '../components/insufficient-funds';
import type { TGameView } from '../lib/game-kinds';

export interface TPlayResult {
  round_id: string;
  status: 'open' | 'finished' | 'rolled_back';
  outcome: unknown;
  bet: number;
  win: number;
  balance: number;
  currency: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  resumed: boolean;
}

export interface TPlayRequest {
  /** Major units as text; omitted for an action of an open round. */
  bet?: string;
  params?: Record<string, unknown>;
  roundId?: string;
}

export interface TGameSession {
  mode: TPlayMode;
  balance: number | null;
  currency: string;
  busy: boolean;
  lastRound: TPlayResult | null;
  play: (request: TPlayRequest) => Promise<TPlayResult | null>;
  /** Shows the final balance of a result (call when the animation ends). */
  reveal: (result: TPlayResult) => void;
}

/** The server's `reason` for refusing an action of a shared round, in words. */
const refusalMessage = (t: (key: string, options?: { defaultValue?: string }) => string, reason: unknown) => {
  switch (reason) {
    case 'betting_closed':
      return t('games.play.reasons.bettingClosed', { defaultValue: 'Betting has closed for this round.' });
    case 'crashed':
      return t('games.play.reasons.crashed', { defaultValue: 'Too late: the round has crashed.' });
    case 'not_started':
    case 'too_early':
      return t('games.play.reasons.notStarted', { defaultValue: 'Wait for take-off to cash out.' });
    case 'round_finished':
      return t('games.play.reasons.roundFinished', { defaultValue: 'This bet is already settled.' });
    case 'invalid_cashout':
      return t('games.play.reasons.invalidCashout', {
        defaultValue: 'Auto cash-out must be between 1.01× and 1,000,000×.',
      });
    default:
      return null;
  }
};

export const useGameSession = (game: Pick<TGameView, 'sysname'>, mode: TPlayMode): TGameSession => {
  const { t } = useTranslation();
  const account = useAccount();
  const queryClient = useQueryClient();
  // Real play stakes real money first, then the casino bonus: the game shows both together (the server's
  // answers do the same).
  const initial = account
    ? mode === 'real'
      ? Number(account.balance.amount) + Number(account.bonus_balance.amount)
      : Number(account.fun_balance.amount)
    : null;
  const [balance, setBalance] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastRound, setLastRound] = useState<TPlayResult | null>(null);
  const inFlight = useRef(false);

  const reveal = useCallback(
    (result: TPlayResult) => {
      setBalance(result.balance);
      if (mode === 'real') void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
    [mode, queryClient],
  );

  const play = useCallback(
    async (request: TPlayRequest): Promise<TPlayResult | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      try {
        const result = (await api.post<TPlayResult>('games.play', {
          sysname: game.sysname,
          mode,
          bet: request.bet,
          params: request.params ? JSON.stringify(request.params) : undefined,
          round_id: request.roundId,
        })) as TPlayResult;
        // The stake has left; the win shows when the screen reveals it.
        setBalance(result.status === 'finished' ? result.balance - result.win : result.balance);
        setLastRound(result);
        void queryClient.invalidateQueries({ queryKey: fairnessQueryKey });
        return result;
      } catch (error) {
        if (isApiError(error, 'UserNeedDepositException')) {
          openInsufficientFunds({
            mode,
            required: Number(error.data.required ?? 0),
            balance: Number(error.data.balance ?? 0),
          });
        } else if (isApiError(error, 'AuthorizationException')) {
          openAuthPopup('authorization');
        } else if (
          isApiError(error, 'InvalidParameterException') &&
          error.invalidParameters.bet === 'bonusMaxBet'
        ) {
          toast.error(
            t('games.play.bonusMaxBet', {
              defaultValue: 'While your bonus is active the largest bet is {amount}.',
              amount: formatMoney(
                toCents(Number(error.data.max_bet ?? 0).toFixed(2)),
                account?.balance.currency || 'USD',
              ),
            }),
          );
        } else if (isApiError(error, 'InvalidParameterException') && refusalMessage(t, error.data.reason)) {
          toast.error(refusalMessage(t, error.data.reason) as string);
        } else if (isApiError(error, 'InvalidParameterException')) {
          const fields = Object.entries(error.invalidParameters)
            .map(([field, code]) => `${field}: ${code}`)
            .join(', ');
          toast.error(
            t('games.play.invalid', { defaultValue: 'That bet is not allowed ({{fields}})', fields }),
          );
        } else if (isApiError(error, 'TooManyRequestsException')) {
          toast.error(t('games.play.tooFast', { defaultValue: 'Slow down a little and try again.' }));
        } else {
          toast.error(t('games.play.failed', { defaultValue: 'The round could not be played. Try again.' }));
        }
        return null;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [game.sysname, mode, queryClient, t, account?.balance.currency],
  );

  return {
    mode,
    balance: balance ?? initial,
    currency: account?.balance.currency || 'USD',
    busy,
    lastRound,
    play,
    reveal,
  };
};
