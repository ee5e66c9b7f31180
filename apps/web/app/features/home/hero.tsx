/** The home page's hero: the cms hero banner and its side banners (or the default cards), their art in the breakpoints' widths. */

import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import { breakpointSrcSet } from '../../lib/images';
import { bannerText } from '../../lib/site/banner-text';
import type { TBanner } from '../../lib/site/types';
import { FallbackImg } from '../../ui/fallback-img';
import { Icon } from '../../ui/icons';
import { useAccount } from '../account/use-account';
import { useAuthHref } from '../frame/auth-links';
import { LocaleLink } from '../frame/locale-link';
import { linkDiscovery } from '../frame/route-discovery';
import { useSite } from '../frame/use-site';
import { useHeroBanners } from './api/player-banners';

/**
 * The rendered widths of the banners' art, for `sizes`: the hero's is a 9rem strip (a 2.5:1 art: 22.5rem) up to xl,
 * then the hero's two thirds of the page; a side banner's fills its card: the page, half of it from sm, a third
 * from lg.
 */
const HERO_ART_SIZES = '(min-width: 1280px) 66vw, 24rem';
const SIDE_ART_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** A banner's art in the breakpoints' widths (spec §9), the browser taking the one its layout needs. */
const artImage = (src: string, sizes: string) => ({ src, srcSet: breakpointSrcSet(src), sizes });

/**
 * A banner's art: an <img> in the breakpoints' widths over the banner's gradient, mirrored in a right-to-left
 * language. One that fails to load retries with the fallback image and, its attempts spent, leaves the gradient
 * alone (spec §8: FallbackImg).
 */
function BannerArt({
  src,
  sizes,
  className,
  testId,
}: {
  src: string;
  sizes: string;
  className: string;
  testId?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`${className} absolute inset-0 rtl:-scale-x-100`}
      data-testid={testId}
    >
      <FallbackImg {...artImage(src, sizes)} alt="" fetchPriority="high" />
    </span>
  );
}

/**
 * A side banner of the cms: its art fills the end of the card, the words keep to the start and its button (the
 * banner's `button` text, else "Play now") leads to its link.
 */
function SideBanner({ banner }: { banner: Omit<TBanner, 'title'> & { title?: string } }) {
  const { t } = useTranslation();
  return (
    <div
      className="side-banner relative overflow-hidden rounded-3xl p-6"
      data-testid={`hero-banner-${banner.id}`}
    >
      {banner.image && (
        <BannerArt
          src={banner.image}
          sizes={SIDE_ART_SIZES}
          className="side-banner-art"
          testId="side-banner-art"
        />
      )}
      <div className="relative max-w-[65%]">
        {banner.title && <p className="text-xl font-bold text-white">{banner.title}</p>}
        {banner.text && <p className="mt-1 text-sm text-white/80">{banner.text}</p>}
        <LocaleLink to={banner.link ?? paths.promotions} className="btn btn-primary mt-4 self-start">
          {banner.buttonText ?? t('home.bannerButton', { defaultValue: 'Play now' })}
        </LocaleLink>
      </div>
    </div>
  );
}

export function Hero({ banners: shared }: { banners: TBanner[] }) {
  const { t } = useTranslation();
  // A signed-in player's own list when a segment's banner is live (ADR 074); the shared list otherwise.
  const banners = useHeroBanners(shared);
  const account = useAccount();
  const authHref = useAuthHref();
  const loyaltyOn = useSite()?.cms.flags.isLoyaltyEnable !== false;
  const currency = account?.balance?.currency || DEFAULT_CURRENCY;
  const [first, ...rest] = banners.map((banner) => ({
    ...banner,
    title: bannerText(banner.title, banner.terms, currency),
    text: bannerText(banner.text, banner.terms, currency),
  }));
  // The hero art is the largest paint: the browser fetches it with the HTML, before the CSS and scripts, in the
  // width the <img> will take. (Rendered in the browser, the page already has it: no preload to look up.)
  const preloadArt = (src: string | undefined, sizes: string) => {
    if (!src || typeof document !== 'undefined') return;
    const art = artImage(src, sizes);
    preload(art.src, { as: 'image', fetchPriority: 'high', imageSrcSet: art.srcSet, imageSizes: art.sizes });
  };
  preloadArt(first?.image, HERO_ART_SIZES);
  // On a phone the first side banner's art, below the hero's strip, is the largest paint: fetched early too.
  preloadArt(rest[0]?.image, SIDE_ART_SIZES);
  return (
    <section aria-label="Featured" className="grid gap-4 pt-6 lg:grid-cols-[2fr_1fr]">
      <div
        className={`hero relative flex min-h-64 flex-col justify-end overflow-hidden rounded-3xl p-6 md:min-h-80 md:p-10 ${first?.image ? 'max-xl:pt-40!' : ''}`}
      >
        {first?.image && (
          // The art (the end half of the banner) never lies under the words, however long a language writes them:
          // up to xl it is a strip above them, from xl the words keep to the start half (app.css).
          <BannerArt src={first.image} sizes={HERO_ART_SIZES} className="hero-art" />
        )}
        <div
          className="relative max-w-xl xl:max-w-[50%]"
          data-testid={first ? `hero-banner-${first.id}` : undefined}
        >
          <h1 className="mt-2 text-3xl leading-tight font-black text-white md:text-4xl 2xl:text-5xl">
            {first?.title ?? t('pages.home.title', { defaultValue: 'Online casino and sports betting' })}
          </h1>
          <p className="mt-3 text-base text-white/85">
            {first?.text ??
              t('home.heroText', {
                defaultValue: 'Slots, live tables and sports in one account. Fast payouts, fair games.',
              })}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {account ? (
              <LocaleLink to={first?.link ?? paths.cashier.deposit} className="btn btn-primary btn-lg">
                {first?.buttonText ?? t('header.deposit', { defaultValue: 'Deposit' })}
              </LocaleLink>
            ) : (
              <Link to={authHref('reg')} className="btn btn-primary btn-lg" {...linkDiscovery()}>
                {first?.buttonText ?? t('header.register', { defaultValue: 'Register' })}
              </Link>
            )}
            <LocaleLink to={paths.gamehall.root} className="btn btn-glass btn-lg">
              {t('header.nav.gamehall', { defaultValue: 'Game hall' })}
            </LocaleLink>
          </div>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {(rest.length > 0 ? rest.slice(0, 2) : undefined)?.map((banner) => (
          <SideBanner key={banner.id} banner={banner} />
        )) ?? (
          <>
            <LocaleLink to={paths.tournaments} className="side-banner side-banner-a rounded-3xl p-6">
              <Icon name="trophy" className="size-8 text-white" />
              <p className="mt-3 text-xl font-bold text-white">
                {t('header.nav.tournaments', { defaultValue: 'Tournaments' })}
              </p>
              <p className="mt-1 text-sm text-white/80">
                {t('home.tournamentsText', {
                  defaultValue: 'Climb the leaderboard and share the prize pool.',
                })}
              </p>
            </LocaleLink>
            {loyaltyOn ? (
              <LocaleLink to={paths.loyalty.root} className="side-banner side-banner-b rounded-3xl p-6">
                <Icon name="crown" className="size-8 text-white" />
                <p className="mt-3 text-xl font-bold text-white">
                  {t('header.nav.loyalty', { defaultValue: 'Loyalty' })}
                </p>
                <p className="mt-1 text-sm text-white/80">
                  {t('home.loyaltyText', {
                    defaultValue: 'Earn points on every bet and spend them in the shop.',
                  })}
                </p>
              </LocaleLink>
            ) : (
              <LocaleLink to={paths.promotions} className="side-banner side-banner-b rounded-3xl p-6">
                <Icon name="gift" className="size-8 text-white" />
                <p className="mt-3 text-xl font-bold text-white">
                  {t('header.nav.promotions', { defaultValue: 'Promotions' })}
                </p>
              </LocaleLink>
            )}
          </>
        )}
      </div>
    </section>
  );
}
