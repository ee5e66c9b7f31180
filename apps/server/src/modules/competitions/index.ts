/** The competitions module's front door: what other modules may use of it. */
export { competitionsArea } from './admin/competitions-area.ts';
export { COMPETITIONS_FLASH } from './admin/competitions-flash.ts';
export { listJackpotsForOperator } from './jackpot-admin.ts';
export { JACKPOT_CYCLES_TASK } from './jackpot-cycles.ts';
export { jackpotsOfGame, setJackpotEligibility } from './jackpot-eligibility.ts';
export { CLOSE_DUE_TASK, competitionsModule } from './module.ts';
