/** The metadata module's front door: what other modules may use of it. */
export { bannersArea } from './admin/banners-area.ts';
export { BANNERS_FLASH } from './admin/banners-flash.ts';
export { pagesArea } from './admin/pages-area.ts';
export { PAGES_FLASH } from './admin/pages-flash.ts';
export { settingsArea } from './admin/settings-area.ts';
export { registerBannerFeature, registerOfferTermsSource } from './banner-needs.ts';
export { isBannerSegmentTargeted } from './banners-admin.ts';
export { registerMarketingPauseRule } from './marketing-pause-rule.ts';
export { metadataModule } from './module.ts';
export { getSetting } from './settings-service.ts';
export { registerSocialServices } from './social-services.ts';
