/** The fill profile info prompt (spec §2): leads to the settings with `from` and `toastType`. */
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import type { TToastType } from '../../../ui/toasts';
import { useLocaleHref } from '../../frame/use-site';
import { Button } from '../components/controls';

export default function FillProfileDialog({
  dialog,
  from,
  toastType = 'profile',
}: TPlaceProps<{ from?: string; toastType?: TToastType }>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const go = () => {
    const query = new URLSearchParams({ toastType });
    if (from) query.set('from', from);
    dialog.close();
    navigate(`${localeHref(paths.profile.settings)}?${query}`);
  };
  return (
    <div className="flex flex-col gap-4 p-6 text-center" data-testid="fill-profile-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('profile.fillProfile.title', { defaultValue: 'Complete your profile' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">
        {t('profile.fillProfile.description', {
          defaultValue: 'Add your personal details to make deposits and withdrawals faster.',
        })}
      </p>
      <Button onClick={go}>{t('profile.fillProfile.button', { defaultValue: 'Fill in profile' })}</Button>
    </div>
  );
}
