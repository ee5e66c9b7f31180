/** The content-auth module's front door: what other modules may use of it. */
export { contentAuthModule } from './module.ts';
