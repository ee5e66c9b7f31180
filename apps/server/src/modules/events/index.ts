/** The events module's front door: what other modules may use of it. */
export { signUpSourcePanel } from './admin/sign-up-source-panel.ts';
export { eventsModule } from './module.ts';
