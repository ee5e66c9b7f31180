/** The loyalty module's front door: what other modules may use of it. */
export { loyaltyArea } from './admin/catalogue-area.ts';
export { CATALOGUE_FLASH } from './admin/catalogue-flash.ts';
export { loyaltyPointsArea } from './admin/points-area.ts';
export { loyaltyPointsPanel } from './admin/points-panel.ts';
export { loyaltyModule } from './module.ts';
