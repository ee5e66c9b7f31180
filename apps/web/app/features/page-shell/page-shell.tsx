/** A real page frame for a feature that has not landed: its title and an honest empty state. */
import { useTranslation } from '../../lib/i18n-lite';
import { Icon, type TIconName } from '../../ui/icons';

export function PageShell({
  title,
  empty,
  icon = 'casino',
}: {
  title: string;
  empty: string;
  icon?: TIconName;
}) {
  const { t } = useTranslation();
  return (
    <section className="py-8">
      <h1 className="text-3xl font-bold text-[var(--text-strong)]">{title}</h1>
      <div className="empty-state mt-6 py-16" role="status">
        <Icon name={icon} className="size-8 text-[var(--text-muted)]" />
        <p>{empty}</p>
        <p className="text-xs">{t('common.labels.noData', { defaultValue: 'Nothing here yet' })}</p>
      </div>
    </section>
  );
}
