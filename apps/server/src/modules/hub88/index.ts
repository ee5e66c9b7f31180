/** The Hub88 module's front door: what other modules may use of it. */
export { HUB88_ENGINE, SYSNAME_PREFIX } from './catalogue-import.ts';
export { hub88Module } from './module.ts';
