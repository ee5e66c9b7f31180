/** The header: logo, main navigation, balance and user menu or the sign-in and sign-up buttons, switchers. */
import type { TAccountInfo } from '@casino/contracts/calls/account';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import { Icon } from '../../ui/icons';
import { BalanceBreakdown } from '../account/balance-breakdown';
import { logout } from '../session/logout';
import { useAuthHref } from './auth-links';
import { LocaleLink } from './locale-link';
import { MenuBanner } from './menu-banner';
import { navItemsFor } from './nav-items';
import { discoverAttributes, linkDiscovery } from './route-discovery';
import { navLinkProps, useSpaClick } from './spa-links';
import { LocaleSwitcher, ThemeSwitcher } from './switchers';
import { useLocaleHref, useSite } from './use-site';

// Signed-in players only: its code (profile calls, reality-check dialog) stays off a visitor's first load.
const SessionMeter = lazy(() =>
  import('../profile/components/session-meter').then((m) => ({ default: m.SessionMeter })),
);

export function Logo() {
  const brand = useSite()?.cms.brand ?? 'Casino';
  return (
    <LocaleLink to={paths.home} className="flex shrink-0 items-center gap-2 font-extrabold tracking-tight">
      <span aria-hidden="true" className="logo-mark grid size-8 place-items-center rounded-lg text-sm">
        ♠
      </span>
      <span className="logo-text text-lg text-[var(--text-strong)]">
        {brand}
        <span className="text-[var(--accent)]">.</span>
      </span>
    </LocaleLink>
  );
}

function UserMenu({ account }: { account: TAccountInfo }) {
  const { t } = useTranslation();
  const localeHref = useLocaleHref();
  const menuBanner = useSite()?.cms.menuBanner;
  const name = account.fakename || account.login;
  return (
    <details className="user-menu relative">
      <summary className="icon-btn list-none" aria-label={t('header.profile', { defaultValue: 'Profile' })}>
        <span aria-hidden="true" className="avatar">
          {name.slice(0, 1).toUpperCase()}
        </span>
      </summary>
      <div className="menu-panel absolute end-0 top-full z-40 mt-2 w-60 p-2">
        <p className="truncate px-3 py-2 text-sm text-[var(--text-muted)]">{name}</p>
        <LocaleLink className="menu-item" to={paths.profile.settings}>
          <Icon name="user" /> {t('header.profile', { defaultValue: 'Profile' })}
        </LocaleLink>
        <LocaleLink className="menu-item" to={paths.cashier.deposit}>
          <Icon name="wallet" /> {t('header.deposit', { defaultValue: 'Deposit' })}
        </LocaleLink>
        <LocaleLink className="menu-item" to={paths.profile.bonuses}>
          <Icon name="gift" /> {t('profile.menu.bonuses', { defaultValue: 'Bonuses' })}
        </LocaleLink>
        <button
          type="button"
          className="menu-item w-full"
          onClick={() => void logout(localeHref(paths.home))}
        >
          <Icon name="logout" /> {t('header.logout', { defaultValue: 'Log out' })}
        </button>
        <MenuBanner banner={menuBanner} currency={account.balance?.currency} />
      </div>
    </details>
  );
}

export function Header({ account }: { account: TAccountInfo | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const authHref = useAuthHref();
  const localeHref = useLocaleHref();
  const onNavClick = useSpaClick();
  const nav = navItemsFor(useSite()?.cms.flags);
  return (
    <header className="site-header sticky top-0 z-30">
      <div className="mx-auto flex h-16 max-w-[1600px] items-center gap-2 px-3 sm:gap-4 sm:px-4 lg:px-6">
        <Logo />
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: only the links inside are clicked (Enter on a link clicks it too) */}
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex" onClick={onNavClick}>
          {nav.slice(0, 6).map((item, at) => (
            <a
              key={item.key}
              href={localeHref(item.to)}
              {...discoverAttributes()}
              // The last two wait for xl: German, French or Arabic labels need the room (the mobile bar has them all).
              {...navLinkProps(
                location.pathname,
                localeHref(item.to),
                at < 4 ? 'nav-link' : 'nav-link hidden xl:block',
              )}
            >
              {t(item.key, { defaultValue: item.label })}
            </a>
          ))}
        </nav>
        <div className="ms-auto flex min-w-0 items-center gap-1.5 sm:gap-2">
          {/* From lg to 1440 px the main navigation takes their room (they stay in the footer and the menus). */}
          <div className="hidden items-center gap-2 md:max-lg:flex desktop:flex">
            <LocaleSwitcher signedIn={account !== null} />
            <ThemeSwitcher />
          </div>
          {account ? (
            <>
              <Suspense fallback={null}>
                <SessionMeter />
              </Suspense>
              <div className="balance-pill">
                <BalanceBreakdown account={account} />
                <LocaleLink
                  to={paths.cashier.deposit}
                  className="deposit-chip"
                  aria-label={t('header.deposit', { defaultValue: 'Deposit' })}
                >
                  <span className="hidden sm:inline">{t('header.deposit', { defaultValue: 'Deposit' })}</span>
                  <span className="sm:hidden" aria-hidden="true">
                    +
                  </span>
                </LocaleLink>
              </div>
              <UserMenu account={account} />
            </>
          ) : (
            <>
              <Link
                {...linkDiscovery()}
                to={authHref('auth')}
                className="btn btn-ghost btn-compact"
                data-testid="sign-in"
              >
                {t('header.login', { defaultValue: 'Sign in' })}
              </Link>
              <Link
                {...linkDiscovery()}
                to={authHref('reg')}
                className="btn btn-primary btn-compact"
                data-testid="sign-up"
              >
                {t('header.register', { defaultValue: 'Register' })}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
