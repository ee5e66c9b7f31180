/** The demo's strip on every page (DEMO_MODE=1, or a start outside production): play money, no real money. */
import { useTranslation } from '../../lib/i18n-lite';

export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('common.demoBannerLabel', { defaultValue: 'Demo site' })}
      className="demo-banner bg-amber-300 px-3 py-1 text-center text-xs font-medium text-black"
    >
      {t('common.demoBanner', {
        defaultValue: 'Demo site: play money only. No real money is taken or paid out.',
      })}
    </aside>
  );
}
