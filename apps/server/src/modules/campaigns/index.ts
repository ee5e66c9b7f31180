/** The campaigns module's front door: what other modules may use of it. */
export { campaignsArea } from './admin/campaigns-area.ts';
export { CAMPAIGNS_FLASH } from './admin/campaigns-flash.ts';
export { depositOffersArea } from './admin/offers-area.ts';
export { DEPOSIT_OFFERS_FLASH } from './admin/offers-flash.ts';
export type { TMarketingMessage } from './marketing-mail.ts';
export { sendMarketing } from './marketing-mail.ts';
export { CASHBACK_JOB, campaignsModule } from './module.ts';
export { depositOfferTermsBySysname } from './offers.ts';
export { isSegmentTargeted } from './offers-admin.ts';
