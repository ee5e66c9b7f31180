/** The responsible-gaming module's front door: what other modules may use of it. */
export { canReceiveMarketing, excludedPlayersQuery } from './exclusions.ts';
export { assertFeatureEnabled } from './feature-flags.ts';
export { assertMayDeposit, assertMayReceiveOffers, assertMaySignIn, mayBetRefusal } from './guards.ts';
export { LIMIT_COOLING_OFF_MS } from './limits.ts';
export { isBrowserPaused, isMarketingPaused, rememberRefusal } from './marketing-pause.ts';
export { responsibleGamingModule } from './module.ts';
