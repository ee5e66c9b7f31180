/**
 * The cms menu banner (`menuBanner` of `/nfx/cms-config/{locale}`) at the foot of the player's menu: its
 * picture, title and words, with the figures of the offer it quotes. The server leaves it out (null) while the
 * feature it points at has nothing live, so nothing shows then.
 */
import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { paths } from '../../config/paths';
import { bannerText } from '../../lib/site/banner-text';
import type { TBanner } from '../../lib/site/types';
import { LocaleLink } from './locale-link';

export function MenuBanner({ banner, currency }: { banner: TBanner | null | undefined; currency?: string }) {
  if (!banner) return null;
  const title = bannerText(banner.title, banner.terms, currency || DEFAULT_CURRENCY);
  const text = bannerText(banner.text, banner.terms, currency || DEFAULT_CURRENCY);
  if (!title) return null;
  return (
    <LocaleLink to={banner.link ?? paths.promotions} className="menu-banner" data-testid="menu-banner">
      {banner.image && (
        <span
          aria-hidden="true"
          className="menu-banner-art"
          style={{ backgroundImage: `url(${JSON.stringify(banner.image)})` }}
        />
      )}
      <span className="flex min-w-0 flex-col">
        <span className="font-bold text-[var(--text-strong)]">{title}</span>
        {text && <span className="text-xs text-[var(--text-muted)]">{text}</span>}
      </span>
    </LocaleLink>
  );
}
