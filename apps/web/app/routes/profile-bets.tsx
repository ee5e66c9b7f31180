import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { MyBets } from '../features/betting/components/my-bets';
import { BetsPage } from '../features/profile/components/bets-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { useTranslation } from '../lib/i18n-lite';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.bets', 'Bet history']) },
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isBetHistoryEnable');

export default function Route() {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="sports-bets-title" className="flex flex-col gap-3">
        <h2 id="sports-bets-title" className="text-lg font-bold text-[var(--text-strong)]">
          {t('profile.bets.sportsTitle', { defaultValue: 'Sports bets' })}
        </h2>
        <MyBets />
      </section>
      <BetsPage />
    </>
  );
}
