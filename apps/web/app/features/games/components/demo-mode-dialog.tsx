/** The demo mode dialog (spec §2 'Other dialogs'): what demo play is, and the way to real play. */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';

export default function DemoModeDialog({ dialog, onReal }: TPlaceProps<{ onReal?: () => void }>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 p-2 text-center" data-testid="demo-mode-dialog">
      <span className="gm-demo-badge mx-auto">DEMO</span>
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('games.game.demoTitle', { defaultValue: 'Demo mode' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">
        {t('games.game.demoDescription', {
          defaultValue: 'You are playing for fun with demo credits. Register to play for real money.',
        })}
      </p>
      {onReal && (
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={() => {
            dialog.close();
            onReal();
          }}
        >
          {t('games.game.playReal', { defaultValue: 'Play for real' })}
        </button>
      )}
      <button type="button" className="btn btn-ghost" onClick={dialog.close}>
        {t('games.game.keepDemo', { defaultValue: 'Keep playing demo' })}
      </button>
    </div>
  );
}
