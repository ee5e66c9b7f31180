/** The account module's front door: what other modules may use of it. */
export { createPlayersArea } from './admin/players-area.ts';
export { PLAYERS_FLASH } from './admin/players-flash.ts';
export { accountModule } from './module.ts';
export { verifySocketToken } from './socket-token.ts';
export { unsubscribeUrl } from './unsubscribe.ts';
