/** /bets/{id}: one of the player's sports bets. */
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { SPORTSBOOK_CALLS, sportsbookKeys } from '../api';
import { useOddsSocket } from '../use-odds-socket';
import { BetCard } from './bet-card';

export function BetPage({ id, initial }: { id: number; initial: TBet | null }) {
  const { t } = useTranslation();
  useOddsSocket();
  const query = useQuery({
    queryKey: sportsbookKeys.bets('one', id),
    queryFn: async () =>
      (await api.call(SPORTSBOOK_CALLS.bets, { id: String(id), count: '1' })).items[0] ?? null,
    initialData: initial,
    refetchInterval: 10_000,
  });
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-3 px-3 py-4" data-testid="bet-page">
      <LocaleLink to={paths.betting} className="text-sm text-[var(--accent)]">
        ← {t('betting.back', { defaultValue: 'Back to sports' })}
      </LocaleLink>
      <h1 className="text-xl font-bold text-[var(--text-strong)]">
        {t('betting.bets.title', { defaultValue: 'My bet' })}
      </h1>
      {query.data ? (
        <BetCard bet={query.data} />
      ) : (
        <p className="text-sm text-[var(--text-muted)]">
          {t('betting.bets.notFound', { defaultValue: 'No such bet.' })}
        </p>
      )}
    </div>
  );
}
