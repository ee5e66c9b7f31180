/** The storage module's front door: what other modules may use of it. */
export { storageModule } from './module.ts';
