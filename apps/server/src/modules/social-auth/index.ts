/** The social-auth module's front door: what other modules may use of it. */
export { socialAuthModule } from './module.ts';
