/**
 * Banner words with the figures of the offer they quote (spec §9): the shared rule of packages/contracts, so the
 * back-office preview fills a banner exactly as the site does.
 */
export { bannerText } from '@casino/contracts/offer-terms';
