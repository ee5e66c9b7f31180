/** The sportsbook module's front door: what other modules may use of it. */
export { sportsbookArea } from './admin/sportsbook-area.ts';
export { SPORTSBOOK_FLASH } from './admin/sportsbook-flash.ts';
export { sportsbookModule } from './module.ts';
export { openBetStakesAt, voidedAndCashedOutBetween } from './report-bets.ts';
export { SPORTSBOOK_GAME } from './sportsbook-game.ts';
