/** The reports module's front door: what other modules may use of it. */
export { lifetimePanel } from './admin/lifetime-panel.ts';
export { reportsArea } from './admin/reports-area.ts';
export { REPORTS_FLASH } from './admin/reports-flash.ts';
export { volumesOf } from './game-volume.ts';
export { reportsModule } from './module.ts';
