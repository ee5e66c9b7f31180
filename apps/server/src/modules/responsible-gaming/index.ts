/** The responsible-gaming module's front door: what other modules may use of it. */

export { exclusionBadge, rgBadgesOf, rgPanel, rgStatusBadge } from './admin/rg-panel.ts';
export { canReceiveMarketing, excludedPlayersQuery } from './exclusions.ts';
export { assertFeatureEnabled } from './feature-flags.ts';
export { assertMayDeposit, assertMayReceiveOffers, assertMaySignIn, mayBetRefusal } from './guards.ts';
export type { TRgHistoryKind } from './history.ts';
export { recordRgChange } from './history.ts';
export { historyDetail as rgLimitHistoryDetail, LIMIT_COOLING_OFF_MS } from './limits.ts';
export { isBrowserPaused, isMarketingPaused, rememberRefusal } from './marketing-pause.ts';
export { responsibleGamingModule } from './module.ts';
export { rgStatusOf } from './staff-view.ts';
