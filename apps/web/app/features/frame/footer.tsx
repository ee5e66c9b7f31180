/** The footer: the link columns of the cms config (content pages among them), switchers, the 18+ notice. */
import { openConsentSettings } from '../../lib/consent';
import { useTranslation } from '../../lib/i18n-lite';
import { Logo } from './header';
import { discoverAttributes } from './route-discovery';
import { useSpaClick } from './spa-links';
import { LocaleSwitcher, ThemeSwitcher } from './switchers';
import { useLocaleHref, useSite } from './use-site';

export function Footer({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  const localeHref = useLocaleHref();
  const onLinkClick = useSpaClick();
  const columns = site?.cms.footerColumns ?? [];
  return (
    <footer className="site-footer mt-16 pb-24 md:pb-10">
      <div className="mx-auto grid max-w-[1600px] gap-10 px-4 pt-12 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-6">
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-sm text-sm leading-relaxed text-[var(--text-muted)]">
            {site?.cms.footerText ??
              t('header.footer.ageWarning', {
                defaultValue: '18+ Gambling can be addictive. Play responsibly.',
              })}
          </p>
          <div className="flex items-center gap-2">
            <LocaleSwitcher signedIn={signedIn} />
            <ThemeSwitcher />
          </div>
        </div>
        {columns.map((column) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: only the links inside are clicked (Enter on a link clicks it too)
          <nav
            key={column.title}
            aria-label={column.title}
            className="flex flex-col gap-2 text-sm"
            onClick={onLinkClick}
          >
            <h2 className="footer-title">{column.title}</h2>
            {column.links.map((link) =>
              /^[a-z]+:\/\//i.test(link.url) ? (
                <a key={link.url} href={link.url} className="footer-link" rel="noopener">
                  {link.title}
                </a>
              ) : (
                <a
                  key={link.url}
                  href={localeHref(link.url)}
                  className="footer-link"
                  {...discoverAttributes()}
                >
                  {link.title}
                </a>
              ),
            )}
          </nav>
        ))}
      </div>
      <div className="mx-auto mt-10 flex max-w-[1600px] flex-wrap items-center justify-between gap-3 border-t border-[var(--line)] px-4 pt-6 text-xs text-[var(--text-muted)] lg:px-6">
        <p>
          {t('header.footer.copyright', {
            // UTC, as the server's HTML has it: the browser's zone would hydrate another year on New Year's Eve.
            year: new Date().getUTCFullYear(),
            defaultValue: '© {year} Casino. All rights reserved.',
          })}
        </p>
        <button type="button" className="footer-link underline" onClick={openConsentSettings}>
          {t('header.footer.cookieSettings', { defaultValue: 'Cookie settings' })}
        </button>
        <p className="age-badge">18+</p>
      </div>
    </footer>
  );
}
