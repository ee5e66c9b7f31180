/** The inactivity warning: a countdown of the last 20% of the time (spec §4). */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-lite';
import type { TPlaceProps } from '../../ui/dialogs';

export default function InactivityWarning({
  deadline,
  onStay,
  onLogout,
}: TPlaceProps<{ deadline: number; onStay: () => void; onLogout: () => void }>) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <div className="flex flex-col gap-4 p-6 text-center">
      <h2 className="text-xl font-bold">
        {t('common.inactivity.title', { defaultValue: 'Are you still there?' })}
      </h2>
      <p className="text-[var(--text-muted)]" aria-live="polite">
        {t('common.inactivity.description', {
          seconds,
          defaultValue: 'For your security you will be logged out in {seconds} seconds.',
        })}
      </p>
      <p className="text-4xl font-black tabular-nums text-[var(--accent)]">{seconds}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={onStay}>
          {t('common.inactivity.stay', { defaultValue: 'Stay signed in' })}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onLogout}>
          {t('common.inactivity.logout', { defaultValue: 'Log out now' })}
        </button>
      </div>
    </div>
  );
}
