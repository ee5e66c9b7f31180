/** The crm module's front door: what other modules may use of it. */
export { CRM_FLASH } from './admin/crm-flash.ts';
export { playerListArea } from './admin/list-area.ts';
export { crmPlayerArea } from './admin/player-area.ts';
export { crmPlayerPanel } from './admin/player-panel.ts';
export { crmModule } from './module.ts';
