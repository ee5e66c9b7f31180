/** The default frame: header, page, footer, mobile navigation, chat badge; runs the inactivity timer. */
import { Suspense } from 'react';
import { paths } from '../../config/paths';
import { useAccount } from '../account/use-account';
import { useInactivityLogout } from '../session/use-inactivity';
import { ChatLauncher } from './chat-launcher';
import { Footer } from './footer';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { useLocaleHref, useSite } from './use-site';

export function Frame({ children }: { children: React.ReactNode }) {
  const site = useSite();
  const account = useAccount();
  const localeHref = useLocaleHref();
  useInactivityLogout(site?.generalInfo.time_to_force_logout ?? 0, account !== null, localeHref(paths.home));
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header account={account} />
      <main id="main" className="mx-auto w-full max-w-[1600px] flex-1 px-4 lg:px-6">
        {children}
      </main>
      {/* Below the fold: hydrated in its own pass, after the page above it. */}
      <Suspense fallback={null}>
        <Footer signedIn={account !== null} />
      </Suspense>
      <MobileNav signedIn={account !== null} />
      <ChatLauncher />
    </div>
  );
}
