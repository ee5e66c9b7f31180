/** Locale and theme switchers: a one-year cookie each (spec §9); the theme applies at once, dark by default. */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href, splitLocale } from '../../config/paths';
import { api } from '../../lib/api/browser';
import { asTheme, LOCALE_COOKIE, THEME_COOKIE, writeCookie } from '../../lib/cookies';
import { useTranslation } from '../../lib/i18n-lite';
import { Icon } from '../../ui/icons';
import { useSite } from './use-site';

export function LocaleSwitcher({ signedIn, className = '' }: { signedIn: boolean; className?: string }) {
  const site = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (!site || site.locales.length < 2) return null;
  const codes = site.locales.map((l) => l.code);
  const { path } = splitLocale(location.pathname, codes, site.defaultLocale);
  const change = (code: string) => {
    writeCookie(LOCALE_COOKIE, code);
    if (signedIn) void api.post('account.changelocale', { locale: code }).catch(() => undefined);
    navigate(`${href(path, code, site.defaultLocale)}${location.search}`);
  };
  return (
    <label className={`select-pill ${className}`}>
      <Icon name="globe" className="size-4 shrink-0" />
      <span className="sr-only">{t('common.labels.language', { defaultValue: 'Language' })}</span>
      <select value={site.locale} onChange={(event) => change(event.target.value)}>
        {site.locales.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName ?? l.code.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ThemeSwitcher() {
  const site = useSite();
  const { t } = useTranslation();
  const [theme, setTheme] = useState(asTheme(site?.theme));
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(`header.theme.${next}`, { defaultValue: next === 'dark' ? 'Dark' : 'Light' });
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={label}
      title={label}
      onClick={() => {
        writeCookie(THEME_COOKIE, next);
        document.documentElement.dataset.theme = next;
        setTheme(next);
      }}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
