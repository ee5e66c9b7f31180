/** `/providers`: every studio as a card with its logo and game count, linking to the hall filtered by it. */
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import type { THallProvider } from './gamehall-page';

export function ProvidersPage({ providers }: { providers: (THallProvider & { description?: string })[] }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-[1600px] px-3 pb-16 sm:px-4 lg:px-6">
      <h1 className="pt-6 text-2xl font-black text-[var(--text-strong)] md:text-3xl">
        {t('games.hall.providers', { defaultValue: 'Providers' })}
      </h1>
      <p className="mt-1 text-sm text-[var(--text-muted)]">
        {t('games.providers.subtitle', {
          defaultValue: '{count} studios, every game provably fair.',
          count: providers.length,
        })}
      </p>
      {providers.length === 0 ? (
        <p className="empty-state mt-6" role="status">
          {t('games.providers.empty', { defaultValue: 'No providers yet' })}
        </p>
      ) : (
        <ul
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
          data-testid="provider-cards"
        >
          {providers.map((provider) => (
            <li key={provider.sysname}>
              <LocaleLink
                to={paths.gamehall.providers([provider.sysname])}
                className="gm-provider-card h-full"
              >
                {provider.image_url && (
                  <img src={provider.image_url} alt="" width={240} height={80} loading="lazy" />
                )}
                <span className="block font-bold text-[var(--text-strong)]">{provider.name}</span>
                {provider.description && (
                  <span className="line-clamp-2 text-xs text-[var(--text-muted)]">
                    {provider.description}
                  </span>
                )}
                <span className="mt-auto text-sm font-semibold text-[var(--accent)] tabular-nums">
                  {t('games.providers.games', {
                    defaultValue: '{count} games',
                    count: provider.games_count ?? 0,
                  })}
                </span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
