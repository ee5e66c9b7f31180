/** The sportsbook is this game of the catalogue (kind betting): its stakes are wallet bets on it. */
export const SPORTSBOOK_GAME = 'dgt_sportsbook';
