/** The flash messages of the sportsbook desk (markets, a player's stake factor): codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const SPORTSBOOK_FLASH: TFlashMessages = {
  ok: {
    market_suspended: 'Market suspended: no bets are taken on it until it is resumed.',
    market_resumed: 'Market resumed at its current prices.',
    market_settled: 'Market settled: its bets are paid as the feed would pay them.',
    market_voided: 'Market voided: every stake on it is returned.',
    stake_factor_saved: "Stake factor saved: the player's next bets follow it.",
  },
  errors: {
    event_notFound: 'There is no such event: nothing changed.',
    market_notFound: 'There is no such market on this event: nothing changed.',
    market_settled:
      'That market is settled or deactivated: settle it again to correct it, it cannot be suspended or resumed.',
    market_noOutcomes: 'That market has no outcomes to settle.',
    winners_requiredField: 'Tick the outcomes that won (or void the market instead).',
    confirm_requiredField:
      'Tick the confirmation: settling or voiding moves every bet on the market. Nothing changed.',
    winners_wrongField: 'Tick one or more of the market’s own outcomes, not all of them.',
    factor_requiredField: 'Enter a stake factor.',
    factor_wrongField: 'A stake factor is a number from 0 to 100 with at most three decimals, e.g. 0.5.',
  },
};
