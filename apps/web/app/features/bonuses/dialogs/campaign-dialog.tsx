/** The campaign dialog (spec §2): a campaign popup's image, words and button; `preview` marks the operator's preview. */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import type { TPopupItem } from '../api/bonuses-api';

export default function CampaignDialog({
  dialog,
  popup,
  preview = false,
}: TPlaceProps<{ popup: TPopupItem; preview?: boolean }>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 p-6 text-center" data-testid="campaign-dialog">
      {preview && (
        <span className="rounded-full bg-amber-300/15 px-3 py-1 text-xs font-bold uppercase text-amber-200">
          {t('popups.campaign.preview', { defaultValue: 'Preview' })}
        </span>
      )}
      {popup.image && (
        <img src={popup.image} alt="" width={160} height={160} className="size-32 rounded-2xl" />
      )}
      <h2 className="text-xl font-bold text-[var(--text-strong)]">{popup.title}</h2>
      {popup.text && <p className="text-sm text-[var(--text-muted)]">{popup.text}</p>}
      {popup.button && (
        <a
          href={popup.button.url}
          className="btn btn-primary"
          onClick={() => dialog.close()}
          data-testid="campaign-button"
        >
          {popup.button.label}
        </a>
      )}
    </div>
  );
}
