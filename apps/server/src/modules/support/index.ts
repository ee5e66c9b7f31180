/** The support module's front door: what other modules may use of it. */
export { faqArea } from './admin/faq-area.ts';
export { FAQ_FLASH } from './admin/faq-flash.ts';
export { supportModule } from './module.ts';
