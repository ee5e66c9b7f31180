/** A bet slip's shape and the bets it makes (singles, a combo, a system bet) with the odds they take now. */
import type { Cents } from '@casino/contracts';
import type { TParsedParams } from '@casino/contracts/call';
import {
  NAMED_SYSTEMS,
  type TBet,
  type TNamedSystem,
  type ZPlaceBet,
} from '@casino/contracts/calls/sportsbook';
import { refuse, type TQuoted } from './quote.ts';
import { linesOf, payoutOf, type TFraction } from './settlement-math.ts';

export type TPlaceParams = TParsedParams<typeof ZPlaceBet>;

export interface TPlannedBet {
  type: TBet['type'];
  systemSize: number | null;
  systemName: TNamedSystem | null;
  legs: TQuoted[];
  lines: number;
  stake: Cents;
  totalStake: Cents;
  potentialPayout: Cents;
}

const selectionKey = (s: { event_id: string; market_id: number; specifiers: string; outcome_id: string }) =>
  `${s.event_id}|${s.market_id}|${s.specifiers}|${s.outcome_id}`;

/** The slip's shape: counts, sizes, one selection per event where it must be. */
export const checkShape = (params: TPlaceParams) => {
  const { selections, type, system_size: size } = params;
  const keys = new Set(selections.map(selectionKey));
  if (keys.size !== selections.length) throw refuse('selections', 'wrongField');
  if (type === 'single') return;
  if (selections.length < 2) throw refuse('selections', 'wrongField');
  if (new Set(selections.map((s) => s.event_id)).size !== selections.length)
    throw refuse('selections', 'sameEvent');
  if (type === 'combo') return;
  if (size === null) throw refuse('system_size', 'requiredField');
  if (
    typeof size === 'number'
      ? size >= selections.length
      : NAMED_SYSTEMS[size].selections !== selections.length
  )
    throw refuse('system_size', 'wrongField');
};

/** The bets a slip makes, with the odds it takes now. */
export const planBets = (params: TPlaceParams, quoted: TQuoted[]): TPlannedBet[] => {
  const stake = params.stake;
  const plan = (type: TBet['type'], legs: TQuoted[]): TPlannedBet => {
    const size =
      params.type === 'system' && typeof params.system_size === 'number' ? params.system_size : null;
    const name =
      params.type === 'system' && typeof params.system_size === 'string' ? params.system_size : null;
    const lines = linesOf(type, legs.length, size, name);
    const factors: TFraction[] = legs.map((l) => ({ num: BigInt(l.taken), den: 1000n }));
    return {
      type,
      systemSize: size,
      systemName: name,
      legs,
      lines: lines.length,
      stake,
      totalStake: stake * BigInt(lines.length),
      potentialPayout: payoutOf(stake, lines, factors),
    };
  };
  if (params.type === 'single') return quoted.map((q) => plan('single', [q]));
  return [plan(params.type, quoted)];
};
