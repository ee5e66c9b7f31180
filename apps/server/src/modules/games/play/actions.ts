/**
 * Turns games.play's `bet` and `params` (JSON, amounts in major units) into an engine action (amounts in cents).
 * The catalogue's engine parameters win over the player's (a plinko game has its rows and risk).
 */
import { type Cents, toCents } from '@casino/contracts';
import { invalidParameters } from '../../../platform/http/app-error.ts';

const wrong = (field = 'params') => invalidParameters({ [field]: 'wrongField' });

const needBet = (bet: Cents | null): Cents => {
  if (bet === null) throw invalidParameters({ bet: 'requiredField' });
  return bet;
};

const int = (value: unknown, field = 'params'): number => {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw wrong(field);
  return n;
};

const amount = (value: unknown): Cents => {
  if (typeof value !== 'string' && typeof value !== 'number') throw wrong();
  try {
    const cents = toCents(value);
    if (cents <= 0n) throw wrong();
    return cents;
  } catch {
    throw wrong();
  }
};

const rouletteBets = (params: Record<string, unknown>) => {
  if (!Array.isArray(params.bets) || params.bets.length === 0) throw wrong();
  return params.bets.map((raw) => {
    if (!raw || typeof raw !== 'object') throw wrong();
    const b = raw as Record<string, unknown>;
    if (typeof b.type !== 'string') throw wrong();
    return {
      type: b.type,
      amount: amount(b.amount),
      ...(b.numbers === undefined
        ? {}
        : { numbers: Array.isArray(b.numbers) ? b.numbers.map((n) => int(n)) : [] }),
      ...(b.index === undefined ? {} : { index: int(b.index) }),
    };
  });
};

/** The action that opens a round. */
export const openingAction = (
  engine: string,
  engineParams: Record<string, unknown>,
  bet: Cents | null,
  params: Record<string, unknown>,
): unknown => {
  switch (engine) {
    case 'roulette':
    case 'live-roulette':
      return { bets: rouletteBets(params) };
    case 'dice':
      return { stake: needBet(bet), target: int(params.target), over: params.over === true };
    case 'crash':
      return {
        stake: needBet(bet),
        ...(params.autoCashout === undefined || params.autoCashout === null
          ? {}
          : { autoCashout: int(params.autoCashout) }),
      };
    case 'mines':
      return { stake: needBet(bet), mines: int(params.mines ?? 3) };
    case 'keno':
      if (!Array.isArray(params.picks)) throw wrong();
      return { stake: needBet(bet), picks: params.picks.map((p) => int(p)) };
    case 'plinko':
      return {
        stake: needBet(bet),
        rows: int(engineParams.rows ?? params.rows ?? 12),
        risk: String(engineParams.risk ?? params.risk ?? 'low'),
      };
    default:
      // slots, blackjack, hi-lo: a bet is all it takes
      return { stake: needBet(bet) };
  }
};

/** The action of a step in an open round (`crashMultiplier` is the server's reading of the crash curve). */
export const stepAction = (
  engine: string,
  params: Record<string, unknown>,
  crashMultiplier: () => number,
) => {
  const type = params.type;
  if (typeof type !== 'string') throw wrong();
  switch (engine) {
    case 'blackjack':
      if (type === 'insurance') return { type, take: params.take === true };
      if (['hit', 'stand', 'double', 'split'].includes(type)) return { type };
      throw wrong();
    case 'mines':
      if (type === 'reveal') return { type, tile: int(params.tile) };
      if (type === 'cashout') return { type };
      throw wrong();
    case 'hilo':
      if (type === 'guess') return { type, guess: String(params.guess ?? '') };
      if (type === 'skip' || type === 'cashout') return { type };
      throw wrong();
    case 'crash':
      if (type === 'cashout') return { type, multiplier: crashMultiplier() };
      throw wrong();
    default:
      throw invalidParameters({ round_id: 'wrongField' });
  }
};
