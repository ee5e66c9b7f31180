/** Blackjack on a felt table: the deal, hit / stand / double / split / insurance as the server allows them. */
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import type { TPlayResult } from '../hooks/use-game-session';
import { formatAmount } from '../lib/wire';
import { PlayingCard, type TCardView } from './playing-card';
import type { TScreenProps } from './screen-props';

type THand = {
  cards: TCardView[];
  total: number;
  soft: boolean;
  stake: number;
  doubled: boolean;
  result: string | null;
  win: number | null;
};
type TOutcome = {
  phase: 'insurance' | 'player' | 'done';
  dealer: TCardView[];
  dealerTotal: number | null;
  hands: THand[];
  active: number;
  allowed: ('hit' | 'stand' | 'double' | 'split' | 'insurance')[];
};

/** The table's printed rules, from the engine's own rules text (the payout is the engine's to decide). */
export const feltText = (rules: string[]) => {
  const text = rules.join(' ');
  const pays = /pays (\d+):(\d+)/i.exec(text);
  const soft = /stands on (all 17s|soft 17)/i.test(text)
    ? 'DEALER STANDS ON SOFT 17'
    : /hits soft 17/i.test(text)
      ? 'DEALER HITS SOFT 17'
      : '';
  return [pays ? `BLACKJACK PAYS ${pays[1]} TO ${pays[2]}` : '', soft].filter(Boolean).join(' · ');
};

/** What a blackjack pays on a stake, from the engine's rules text ("pays 6:5"): the profit, down to the cent. */
export const blackjackPays = (rules: string[], stake: number) => {
  const pays = /blackjack[^.]*?pays (\d+):(\d+)/i.exec(rules.join(' '));
  if (!pays) return null;
  const [num, den] = [Number(pays[1]), Number(pays[2])];
  const win = (part: number, whole: number) => Math.floor((Math.round(stake * 100) * part) / whole) / 100;
  return {
    ratio: `${num}:${den}`,
    win: win(num, den),
    classic: win(3, 2),
    lessThanClassic: num / den < 3 / 2,
  };
};

const RESULT: Record<string, string> = { blackjack: 'Blackjack!', win: 'Win', push: 'Push', lose: 'Lose' };

export default function BlackjackScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [round, setRound] = useState<TPlayResult | null>(null);
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const outcome = round?.outcome as TOutcome | undefined;
  const open = round?.status === 'open';
  const allowed = new Set(open ? (outcome?.allowed ?? []) : []);

  const settle = (answer: TPlayResult | null) => {
    if (!answer) return;
    setRound(answer);
    if (answer.status === 'finished') session.reveal(answer);
  };
  const act = async (params: Record<string, unknown>) =>
    round && settle(await session.play({ roundId: round.round_id, params }));
  const showHole = outcome && outcome.phase === 'done';

  return (
    <div className="gm-bj" data-testid="blackjack-screen">
      <div className="gm-felt">
        <p className="gm-felt-text">{feltText(game.rules?.rules ?? [])}</p>
        <div className="gm-bj-row">
          <div className="gm-bj-cards">
            {outcome ? (
              <>
                {outcome.dealer.map((card, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a six-deck shoe repeats cards
                  <div key={i} className="gm-deal" style={{ animationDelay: `${i * 120}ms` }}>
                    <PlayingCard card={card} />
                  </div>
                ))}
                {!showHole && <PlayingCard hidden />}
              </>
            ) : (
              <>
                <PlayingCard hidden />
                <PlayingCard hidden />
              </>
            )}
          </div>
          {outcome?.dealerTotal != null && <span className="gm-total-badge">{outcome.dealerTotal}</span>}
        </div>
        <div className="gm-bj-hands">
          {(outcome?.hands ?? []).map((hand, h) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: hands are positional
              key={h}
              className={`gm-bj-hand ${open && outcome?.active === h && outcome.hands.length > 1 ? 'gm-bj-active' : ''}`}
              data-testid={`hand-${h}`}
            >
              <div className="gm-bj-cards">
                {hand.cards.map((card, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a six-deck shoe repeats cards
                  <div key={i} className="gm-deal" style={{ animationDelay: `${i * 120}ms` }}>
                    <PlayingCard card={card} />
                  </div>
                ))}
              </div>
              <div className="flex items-center gap-2">
                <span className="gm-total-badge">
                  {hand.soft && hand.total <= 21 ? `${hand.total - 10}/${hand.total}` : hand.total}
                </span>
                <span className="text-xs text-white/70">
                  {formatAmount(hand.stake)}
                  {hand.doubled ? ' ×2' : ''}
                </span>
                {hand.result && (
                  <span className={`gm-bj-result gm-bj-${hand.result}`}>
                    {RESULT[hand.result] ?? hand.result}
                  </span>
                )}
              </div>
            </div>
          ))}
          {!outcome && (
            <p className="text-center text-sm text-white/60">
              {t('games.blackjack.place', { defaultValue: 'Place your bet and deal' })}
            </p>
          )}
        </div>
        <div
          className={`gm-result ${round && !open ? (round.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
          role="status"
          data-testid="round-result"
        >
          {round && !open
            ? round.win > 0
              ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(round.win)}`
              : t('games.play.noWin', { defaultValue: 'No win this time' })
            : outcome?.phase === 'insurance'
              ? t('games.blackjack.insurance', { defaultValue: 'Dealer shows an ace: insurance?' })
              : ' '}
        </div>
      </div>
      <div className="gm-controls">
        {open ? (
          <div className="gm-bj-actions">
            {outcome?.phase === 'insurance' ? (
              <>
                <button
                  type="button"
                  className="gm-action gm-action-alt"
                  onClick={() => act({ type: 'insurance', take: true })}
                  disabled={session.busy}
                >
                  {t('games.blackjack.takeInsurance', { defaultValue: 'Insure' })}
                </button>
                <button
                  type="button"
                  className="gm-action gm-action-ghost"
                  onClick={() => act({ type: 'insurance', take: false })}
                  disabled={session.busy}
                >
                  {t('games.blackjack.noInsurance', { defaultValue: 'No insurance' })}
                </button>
              </>
            ) : (
              (['hit', 'stand', 'double', 'split'] as const).map((type) => (
                <button
                  key={type}
                  type="button"
                  className={`gm-action ${type === 'stand' ? 'gm-action-alt' : type === 'hit' ? '' : 'gm-action-ghost'}`}
                  disabled={session.busy || !allowed.has(type)}
                  onClick={() => act({ type })}
                  data-testid={`bj-${type}`}
                >
                  {t(`games.blackjack.${type}`, { defaultValue: type[0]?.toUpperCase() + type.slice(1) })}
                </button>
              ))
            )}
          </div>
        ) : (
          <>
            <BlackjackPaysNote rules={game.rules?.rules ?? []} bet={bet} />
            <BetInput value={bet} onChange={setBet} limits={limits} />
            <button
              type="button"
              className="gm-action"
              onClick={async () => settle(await session.play({ bet: betText(bet), params: {} }))}
              disabled={session.busy || !isBetValid(bet, limits)}
              data-testid="deal"
              data-primary-action
            >
              {t('games.blackjack.deal', { defaultValue: 'Deal' })}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** Where the bet is placed: what a blackjack pays, on this bet, and that 6:5 is less than the classic 3:2. */
export function BlackjackPaysNote({ rules, bet }: { rules: string[]; bet: string }) {
  const { t } = useTranslation();
  const stake = Number(bet) > 0 ? Number(bet) : 10;
  const pays = blackjackPays(rules, stake);
  if (!pays) return null;
  return (
    <p className="gm-bj-pays" data-testid="bj-pays">
      {t('games.blackjack.pays', {
        ratio: pays.ratio,
        stake: formatAmount(stake),
        win: formatAmount(pays.win),
        defaultValue: 'Blackjack pays {ratio}: a {stake} bet wins {win} on a blackjack.',
      })}
      {pays.lessThanClassic &&
        ` ${t('games.blackjack.paysLess', {
          classic: formatAmount(pays.classic),
          defaultValue: 'That is less than the classic 3:2, which would pay {classic}.',
        })}`}
    </p>
  );
}
