/** The default frame: header, page, footer, mobile navigation, chat badge (the root runs the player's timers). */

import { Suspense } from 'react';
import { useTranslation } from '../../lib/i18n-lite';
import { useAccount } from '../account/use-account';
import { ChatLauncher } from './chat-launcher';
import { Footer } from './footer';
import { Header } from './header';
import { MobileNav } from './mobile-nav';

export function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        {t('header.skipToContent', { defaultValue: 'Skip to content' })}
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
