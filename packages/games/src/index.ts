/** @casino/games: the provably fair RNG and every in-house game engine. Pure: no I/O, no clock, no Math.random. */

export {
  blackjackEngine,
  blackjackRules,
  cardPoints,
  handValue,
  isBlackjack,
  shoeCards,
  type TBlackjackAction,
  type TBlackjackOutcome,
  type TBlackjackState,
} from './casino/blackjack.ts';
export { BLACKJACK_PAYS } from './casino/blackjack-payout.ts';
export {
  basicStrategyAction,
  blackjackBasicStrategyRtp,
  type TBasicAction,
} from './casino/blackjack-strategy.ts';
export {
  betMultiplier,
  betNumbers,
  pocketColor,
  RED_NUMBERS,
  ROULETTE_BET_TYPES,
  ROULETTE_RTP,
  rouletteEngine,
  roulettePocket,
  rouletteRules,
  settleRouletteBets,
  type TRouletteAction,
  type TRouletteBet,
  type TRouletteBetType,
  type TRouletteOutcome,
  validateRouletteBets,
} from './casino/roulette.ts';
export { cardFromFloat, cardOf, type TCard } from './core/cards.ts';
export { rtpText, type TGameEngine, type TGameKind, type TGameRules, type TStep } from './core/engine.ts';
export { GameRuleError } from './core/errors.ts';
export * as rational from './core/ratio.ts';
export { applyMultiplier, type TRatio, toDecimal } from './core/ratio.ts';
export { partialShuffle, shuffle } from './core/shuffle.ts';
export { decodeGameJson, encodeGameJson } from './core/state-codec.ts';
export {
  blockMessage,
  deriveFloatsAsync,
  digestToFloats,
  FLOATS_PER_BLOCK,
  type THmacSha256,
  type THmacSha256Async,
} from './fair/floats.ts';
export { jackpotDropAt, jackpotDropMessage } from './fair/jackpot-drop.ts';
export {
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  serverSeedFromBytes,
  verifyServerSeed,
} from './fair/seeds.ts';
export { floatsFromArray, hmacSha256Node, RoundFloats, type TFloats } from './fair/stream.ts';
export {
  CRASH_BETTING_SECONDS,
  CRASH_MAX_CASHOUT,
  CRASH_MIN_CASHOUT,
  crashCashoutAt,
  crashCashoutWins,
  crashEngine,
  crashMultiplierAt,
  crashPoint,
  crashRtp,
  crashSurvival,
  crashTimeFor,
  type TCrashAction,
  type TCrashOutcome,
  type TCrashState,
} from './fast/crash.ts';
export {
  DICE_RTP,
  diceEngine,
  diceMultiplier,
  diceRoll,
  diceWinningRolls,
  type TDiceBet,
  type TDiceOutcome,
} from './fast/dice.ts';
export {
  MINES_RTP,
  minesEngine,
  minesMultiplier,
  minesSurvival,
  placeMines,
  type TMinesAction,
  type TMinesOutcome,
  type TMinesState,
} from './fast/mines.ts';
export {
  HILO_GUESSES,
  HILO_RTP,
  hiloEngine,
  hiloGuessFactor,
  hiloMultiplier,
  type THiloAction,
  type THiloGuess,
  type THiloOutcome,
  type THiloState,
} from './high-low/hilo.ts';
export {
  liveRouletteEngine,
  liveRouletteResult,
  settleLiveRouletteBets,
  type TLiveRoundResult,
  type TLiveRoundSeeds,
} from './live/live-roulette.ts';
export {
  KENO_PAYTABLE,
  kenoDraw,
  kenoEngine,
  kenoHitProbability,
  kenoRtp,
  type TKenoBet,
  type TKenoOutcome,
} from './logical/keno.ts';
export {
  PLINKO_PAYTABLE,
  PLINKO_RISKS,
  plinkoEngine,
  plinkoPath,
  plinkoRtp,
  type TPlinkoBet,
  type TPlinkoOutcome,
  type TPlinkoRisk,
} from './logical/plinko.ts';
export { ENGINES, getEngine, replay, type TRoundRecord } from './registry.ts';
export {
  evaluateLine,
  MAX_FREESPINS_PACK,
  playSlot,
  spinReels,
  type TSlotAction,
  type TSlotOutcome,
  type TSlotState,
  type TSpin,
  validateSlot,
} from './slot/engine.ts';
export { expectedLinePay, scatterDistribution, slotRtp, type TSlotRtp } from './slot/rtp.ts';
export { makeSlotEngine, SLOT_DEFINITIONS, slotEngines, slotRtpOf, slotRules } from './slot/slots.ts';
export type { TSlotDefinition, TSlotSymbol } from './slot/types.ts';
