/**
 * What a banner needs before it may show, declared in its cms config entry:
 * - `offer`: a campaign offer's sysname; the banner quotes its terms and hides when the offer is not live;
 * - `feature`: a feature with live content (`tournaments`, `cashback`, `game:<sysname>`…); the banner hides
 *   when no module says the feature is live, so a banner never promises what the site cannot deliver.
 * The modules that own the data register the probes (metadata is registered before them).
 */
import type { TOfferTerms } from '@casino/contracts/offer-terms';
import type { TAppContext } from '../../platform/context.ts';

/** Is the feature live? `argument` is what follows the colon (`game:crash` → `crash`). */
export type TFeatureProbe = (ctx: TAppContext, argument: string) => Promise<boolean>;
/** The terms of the live offers by sysname. */
export type TOfferTermsSource = (ctx: TAppContext) => Promise<Map<string, TOfferTerms>>;

const probes = new Map<string, TFeatureProbe>();
let offerTermsSource: TOfferTermsSource | null = null;

/** Registers (or replaces) the probe of a feature; answers a function that removes it. */
export const registerBannerFeature = (name: string, probe: TFeatureProbe) => {
  probes.set(name, probe);
  return () => {
    if (probes.get(name) === probe) probes.delete(name);
  };
};

export const registerOfferTermsSource = (source: TOfferTermsSource) => {
  offerTermsSource = source;
  return () => {
    if (offerTermsSource === source) offerTermsSource = null;
  };
};

export const liveOfferTerms = async (ctx: TAppContext) =>
  offerTermsSource ? offerTermsSource(ctx) : new Map<string, TOfferTerms>();

/** A feature nobody serves is not live. */
export const isFeatureLive = async (ctx: TAppContext, feature: string) => {
  const colon = feature.indexOf(':');
  const name = colon === -1 ? feature : feature.slice(0, colon);
  const probe = probes.get(name);
  return probe ? probe(ctx, colon === -1 ? '' : feature.slice(colon + 1)) : false;
};
