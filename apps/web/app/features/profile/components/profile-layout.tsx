/** The profile frame: title, the section menu (flag-gated), the hints and the page. */

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleNavLink } from '../../frame/locale-link';
import { useSite } from '../../frame/use-site';
import { visibleSections } from '../lib/sections';
import { ProfileHints } from './profile-hints';

export function ProfileLayout({
  children,
  beside,
}: {
  children: React.ReactNode;
  /** Shown beside the title (the loyalty character, composed by the route). */
  beside?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const sections = visibleSections(site?.cms.flags);
  const { pathname } = useLocation();
  const menu = useRef<HTMLUListElement>(null);
  // On a phone the menu scrolls sideways: keep the current section in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the section changes
  useEffect(() => {
    const active = menu.current?.querySelector('[aria-current="page"]');
    if (active instanceof HTMLElement && menu.current?.parentElement) {
      const nav = menu.current.parentElement;
      const box = nav.getBoundingClientRect();
      const item = active.getBoundingClientRect();
      nav.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
    }
  }, [pathname]);
  return (
    <div className="mx-auto w-full max-w-6xl py-6 lg:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-[var(--text-strong)] sm:text-3xl">
          {t('profile.title', { defaultValue: 'Profile' })}
        </h1>
        {beside}
      </div>
      <div className="mt-5 flex flex-col gap-6 lg:flex-row lg:items-start">
        <nav
          aria-label={t('profile.title', { defaultValue: 'Profile' })}
          className="-mx-4 overflow-x-auto px-4 lg:sticky lg:top-20 lg:mx-0 lg:w-60 lg:shrink-0 lg:overflow-visible lg:px-0"
        >
          <ul ref={menu} className="flex gap-2 lg:flex-col lg:gap-1" data-testid="profile-menu">
            {sections.map((section) => (
              <li key={section.id} className="shrink-0">
                <LocaleNavLink
                  to={section.path}
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-xl px-4 py-2.5 text-sm font-semibold transition ${
                      isActive || pathname.endsWith(section.path)
                        ? 'bg-[var(--accent)] text-[var(--accent-contrast)]'
                        : 'bg-[var(--surface)] text-[var(--text-strong)] hover:bg-[var(--surface-hover)]'
                    }`
                  }
                >
                  {t(section.titleKey, { defaultValue: section.title })}
                </LocaleNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-5">
          <ProfileHints />
          {children}
        </div>
      </div>
    </div>
  );
}
