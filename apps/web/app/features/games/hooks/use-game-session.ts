/**
 * One game's play session: sends games.play (the server decides every outcome), shows the same balance as the
 * header (the cached account; a visitor's own play money), and turns failures into the right dialog: not enough
 * money → the insufficient funds dialog, not signed in → the sign-in popup, a rule → a toast. While the screen
 * animates a settled round the live balance is held (balance gate), and `reveal` shows it when the animation ends.
 */

import type { TAccountInfo } from '@casino/contracts/calls/account';
import type { TPlayMode } from '@casino/contracts/calls/games-play';
import { formatMoney, toCents, toMajor } from '@casino/contracts/money';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { useAccount } from '../../account/use-account';
import { openAuthPopup } from '../../auth/open-auth-popup';
import { readBalanceInto } from '../../balance/balance-api';
import type { TBalanceSnapshot } from '../../balance/balance-cache';
import { balanceGateOf } from '../../balance/balance-gate';
import { useLocaleHref, useSite } from '../../frame/use-site';
import { playSound } from '../../sound/sounds';
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

/** Real play's two stakeable parts, major units, as the header's balance names them. */
export interface TStakeableParts {
  main: number;
  bonus: number;
}

export interface TGameSession {
  mode: TPlayMode;
  /** What a stake can use: real money and the casino bonus in real play, the fun balance in demo. */
  balance: number | null;
  /** Real play of a signed-in player: the parts of `balance`; null otherwise. */
  parts: TStakeableParts | null;
  currency: string;
  busy: boolean;
  lastRound: TPlayResult | null;
  play: (request: TPlayRequest) => Promise<TPlayResult | null>;
  /** Shows the balance after a settled round (call when its animation ends). */
  reveal: (result: TPlayResult) => void;
  /** Holds the live balance while the screen shows a round the table settles (a shared round's spin). */
  hold: (key: string) => void;
  /**
   * A shared round the table settled is shown: ends `hold(key)`. A visitor's play money grows by `paid` (what
   * their bets got back); a player's balance is the socket's, read again if none came.
   */
  settledByTable: (key: string, paid: number) => void;
}

/** The cents a stake can use in a snapshot of the player's balances. */
export const stakeableCents = (
  balances: Pick<TBalanceSnapshot, 'balance' | 'bonus_balance' | 'fun_balance'>,
  mode: TPlayMode,
) =>
  mode === 'real'
    ? toCents(balances.balance.amount) + toCents(balances.bonus_balance.amount)
    : toCents(balances.fun_balance.amount);

const partsOf = (account: TAccountInfo | null, mode: TPlayMode): TStakeableParts | null =>
  account && mode === 'real'
    ? { main: Number(account.balance.amount), bonus: Number(account.bonus_balance.amount) }
    : null;

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

let plays = 0;

export const useGameSession = (game: Pick<TGameView, 'sysname'>, mode: TPlayMode): TGameSession => {
  const { t } = useTranslation();
  const account = useAccount();
  const queryClient = useQueryClient();
  const gate = balanceGateOf(queryClient);
  // A visitor has no account: their play money is what the last answer said.
  const [visitorBalance, setVisitorBalance] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastRound, setLastRound] = useState<TPlayResult | null>(null);
  const inFlight = useRef(false);
  const signedIn = useRef(account !== null);
  signedIn.current = account !== null;
  // A session that ended mid-game signs in again in the popup, or on the sign-in page when the operator has the
  // popup off (spec §3 popup fallback).
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const signInPage = useSite()?.cms?.authPopupEnabled === false ? localeHref(paths.forms.signIn) : null;
  const signIn = useRef<() => void>(() => undefined);
  signIn.current = signInPage
    ? () => void navigate(signInPage)
    : () => {
        openAuthPopup('authorization');
      };
  const held = useRef(new Set<string>());
  /** Rounds the player cashed out: their reveal sounds like coins, not like a win. */
  const cashedOut = useRef(new Set<string>());

  const hold = useCallback(
    (key: string) => {
      held.current.add(key);
      gate.hold(key);
    },
    [gate],
  );
  /** Ends a hold; unless another round is still shown, reads the balance when the held one is not `expected`. */
  const settle = useCallback(
    (key: string, check: { expected?: number } | null) => {
      held.current.delete(key);
      const after = gate.release(key);
      if (after.holding || !check || !signedIn.current) return;
      const expected = check.expected;
      const behind =
        !after.shown || (expected !== undefined && stakeableCents(after.shown, mode) !== toCents(expected));
      if (behind) void readBalanceInto(gate);
    },
    [gate, mode],
  );
  // A screen left mid-animation shows what it held.
  useEffect(
    () => () => {
      for (const key of held.current) gate.release(key);
      held.current.clear();
    },
    [gate],
  );

  const reveal = useCallback(
    (result: TPlayResult) => {
      if (result.status === 'finished')
        playSound(cashedOut.current.delete(result.round_id) ? 'cashout' : result.win > 0 ? 'win' : 'lose');
      if (!signedIn.current) setVisitorBalance(result.balance);
      settle(result.round_id, { expected: result.balance });
    },
    [settle],
  );
  const settledByTable = useCallback(
    (key: string, paid: number) => {
      // A bet still held when its table settles (not cashed out before): its outcome's sound.
      if (held.current.has(key)) playSound(paid > 0 ? 'win' : 'lose');
      if (!signedIn.current && paid > 0)
        setVisitorBalance((b) => (b === null ? b : toMajor(toCents(b) + toCents(paid))));
      // Nothing paid, nothing to wait for; else read it if the socket brought nothing.
      settle(key, paid > 0 ? {} : null);
    },
    [settle],
  );

  const play = useCallback(
    async (request: TPlayRequest): Promise<TPlayResult | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      // The round's balance event may come before the answer: held from the start.
      plays += 1;
      const pending = `play:${plays}`;
      hold(pending);
      if (request.bet !== undefined) playSound('bet');
      try {
        const result = (await api.post<TPlayResult>('games.play', {
          sysname: game.sysname,
          mode,
          bet: request.bet,
          params: request.params ? JSON.stringify(request.params) : undefined,
          round_id: request.roundId,
        })) as TPlayResult;
        const settled = result.status === 'finished';
        if (request.params?.type === 'cashout' && result.win > 0) cashedOut.current.add(result.round_id);
        // A settled round stays held until the screen reveals it; an open one shows its stake gone now.
        if (settled) hold(result.round_id);
        settle(pending, settled ? null : { expected: result.balance });
        if (!signedIn.current)
          setVisitorBalance(
            settled ? toMajor(toCents(result.balance) - toCents(result.win)) : result.balance,
          );
        setLastRound(result);
        void queryClient.invalidateQueries({ queryKey: fairnessQueryKey });
        return result;
      } catch (error) {
        settle(pending, null);
        if (isApiError(error, 'UserNeedDepositException')) {
          openInsufficientFunds({
            mode,
            required: Number(error.data.required ?? 0),
            balance: Number(error.data.balance ?? 0),
          });
        } else if (isApiError(error, 'AuthorizationException')) {
          signIn.current();
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
    [game.sysname, mode, queryClient, t, account?.balance.currency, hold, settle],
  );

  return {
    mode,
    balance: account ? toMajor(stakeableCents(account, mode)) : visitorBalance,
    parts: partsOf(account, mode),
    currency: account?.balance.currency || 'USD',
    busy,
    lastRound,
    play,
    reveal,
    hold,
    settledByTable,
  };
};
