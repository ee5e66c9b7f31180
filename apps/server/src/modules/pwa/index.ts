/** The pwa module's front door: what other modules may use of it. */
export { pwaModule } from './module.ts';
