/** The themed slots, each an engine on the one reel engine. */
import { rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { rule } from '../core/errors.ts';
import { toDecimal } from '../core/ratio.ts';
import { playSlot, type TSlotAction, type TSlotOutcome, type TSlotState, validateSlot } from './engine.ts';
import { slotRtp, type TSlotRtp } from './rtp.ts';
import { dragonsHoard } from './themes/dragons-hoard.ts';
import { fruitFrenzy } from './themes/fruit-frenzy.ts';
import { oceanPearls } from './themes/ocean-pearls.ts';
import { pharaohsFortune } from './themes/pharaohs-fortune.ts';
import { wildWestGold } from './themes/wild-west-gold.ts';
import type { TSlotDefinition } from './types.ts';

export const SLOT_DEFINITIONS: readonly TSlotDefinition[] = [
  pharaohsFortune,
  fruitFrenzy,
  dragonsHoard,
  oceanPearls,
  wildWestGold,
];

const rtpMemo = new Map<string, TSlotRtp>();
/** The exact RTP breakdown of a slot (computed once, about 0.2 s for a 5-reel slot). */
export const slotRtpOf = (slot: TSlotDefinition): TSlotRtp => {
  let rtp = rtpMemo.get(slot.id);
  if (!rtp) {
    rtp = slotRtp(slot);
    rtpMemo.set(slot.id, rtp);
  }
  return rtp;
};

export const slotRules = (slot: TSlotDefinition): TGameRules => {
  const rtp = slotRtpOf(slot);
  const name = (id: string) => slot.symbols.find((s) => s.id === id)?.name ?? id;
  const wild = slot.symbols.find((s) => s.kind === 'wild');
  const scatter = slot.symbols.find((s) => s.kind === 'scatter');
  const reels = slot.reels.length;
  return {
    summary: `${slot.name}: ${slot.theme}. ${reels} reels × ${slot.rows} rows, ${slot.paylines.length} lines, ${slot.volatility} volatility.`,
    rules: [
      `The stake is spread evenly over ${slot.paylines.length} fixed paylines; line pays are multiples of the line bet (stake ÷ ${slot.paylines.length}).`,
      'A line pays its longest run of one symbol from the leftmost reel; only the highest win per line is paid.',
      ...(wild ? [`${wild.name} substitutes for every symbol except the scatter, and pays on its own.`] : []),
      ...(scatter
        ? [
            `${scatter.name} pays anywhere in the window as a multiple of the total stake.`,
            `3 or more ${scatter.name} symbols award free spins played at once on the free-spin reels; every free-spin win is multiplied by ${slot.freeSpins.multiplier}. Free spins do not retrigger.`,
          ]
        : []),
      'A freespins pack plays its free spins in the same way, at the pack’s stake per spin.',
      'The round’s win (base spin plus free spins) is rounded down to the cent once.',
    ],
    mapping: [
      `Reel i stops at floor(floatᵢ × length of reel i) for i = 0 … ${reels - 1}; the window shows strip[stop], strip[stop + 1] … (wrapping).`,
      `Free spin k (0-based) uses floats ${reels}·(k + 1) … ${reels}·(k + 1) + ${reels - 1} on the free-spin strips; a freespins pack’s spin k uses floats ${reels}·k onwards.`,
      `Reel lengths: ${slot.reels.map((s) => s.length).join(', ')} (free spins: ${slot.freeSpinReels.map((s) => s.length).join(', ')}).`,
    ],
    paytable: [
      ...Object.entries(slot.paytable).map(([id, pays]) => ({
        label: name(id),
        value: pays
          .map((pay, count) => (pay > 0 ? `${count}× ${pay}` : ''))
          .filter(Boolean)
          .join(', '),
      })),
      ...(scatter
        ? [
            {
              label: `${scatter.name} (× total stake)`,
              value: slot.scatterPays
                .map((pay, count) => (pay > 0 ? `${count}× ${pay}` : ''))
                .filter(Boolean)
                .join(', '),
            },
            {
              label: 'Free spins',
              value: slot.freeSpins.awards
                .map((n, count) => (n > 0 ? `${count} scatters: ${n}` : ''))
                .filter(Boolean)
                .join(', '),
            },
          ]
        : []),
    ],
    rtp: rtp.rtp,
    rtpText: `${rtpText(rtp.rtp)} (base lines ${toDecimal(rtp.baseLines, 4)}, scatters ${toDecimal(rtp.baseScatter, 4)}, free spins ${toDecimal(rtp.freeSpins, 4)})`,
  };
};

export const makeSlotEngine = (slot: TSlotDefinition): TGameEngine<TSlotState, TSlotAction, TSlotOutcome> => {
  validateSlot(slot);
  return {
    id: slot.id,
    kind: 'slot',
    name: slot.name,
    rules: () => slotRules(slot),
    step(state, action, floats) {
      rule(state === null, 'round_finished', 'a slot round has one action');
      return playSlot(slot, action, floats);
    },
  };
};

export const slotEngines = SLOT_DEFINITIONS.map(makeSlotEngine);
