/** The flash messages of the sportsbook desk (markets, a player's stake factor): codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const SPORTSBOOK_FLASH: TFlashMessages = {
  ok: {
    market_suspended: 'Market suspended: no bets are taken on it until it is resumed.',
    market_resumed: 'Market resumed at its current prices.',
    market_settled: 'Market settled: its bets are paid as the feed would pay them.',
    market_voided: 'Market voided: every stake on it is returned.',
    stake_factor_saved: "Stake factor saved: the player's next bets follow it.",
    book_limit_saved: 'Saved: the offered odds are repriced and the next bets follow the stake limit.',
  },
  errors: {
    event_notFound: 'There is no such event: nothing changed.',
    market_notFound: 'There is no such market on this event: nothing changed.',
    market_settled:
      'That market is settled or deactivated: settle it again to correct it, it cannot be suspended or resumed.',
    override_eventNotStarted:
      'The event has not started: to settle it anyway, tick “Settle before the start” and give the reason. Nothing changed.',
    market_noOutcomes: 'That market has no outcomes to settle.',
    winners_requiredField: 'Tick the outcomes that won (or void the market instead).',
    confirm_requiredField:
      'Tick the confirmation: settling or voiding moves every bet on the market. Nothing changed.',
    winners_wrongField: 'Tick one or more of the market’s own outcomes, not all of them.',
    sport_notFound: 'The feed sends no such sport: nothing changed.',
    sport_wrongField: 'Choose a sport.',
    market_id_wrongField: 'A market id is a number (leave it empty for the whole sport).',
    margin_wrongField: 'A margin is a percentage from 0 to 50 with at most two decimals, e.g. 2.5.',
    max_stake_wrongField: 'A stake limit is an amount from 0.50 to 5,000.00, e.g. 250.',
    factor_requiredField: 'Enter a stake factor.',
    factor_wrongField: 'A stake factor is a number from 0 to 100 with at most three decimals, e.g. 0.5.',
  },
};
