/**
 * The one sound switch (issue 41): a toggle button named "Sound" whose pressed state says whether sounds play.
 * Off by default; a signed-in player's choice is saved on the server, a visitor's in this browser.
 */
import { useTranslation } from '../../lib/i18n-lite';
import { toast } from '../../ui/toasts';
import { useAccount } from '../account/use-account';
import { setSoundOn, useSoundOn } from './sound-setting';
import { playSound } from './sounds';

export function SoundToggle({ className = 'icon-btn' }: { className?: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  const signedIn = account !== null && account.uid > 0;
  const on = useSoundOn(signedIn ? account.uid : null);
  const toggle = () => {
    setSoundOn(!on, signedIn).catch(() =>
      toast.error(
        t('games.game.soundNotSaved', { defaultValue: 'Your sound setting could not be saved. Try again.' }),
      ),
    );
    // Switched on by a click: the browser lets audio start now, and the player hears what they chose.
    if (!on) playSound('notification');
  };
  return (
    <button
      type="button"
      className={className}
      aria-pressed={on}
      onClick={toggle}
      data-testid="sound-toggle"
      aria-label={t('games.game.sound', { defaultValue: 'Sound' })}
      title={t('games.game.sound', { defaultValue: 'Sound' })}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M4 9v6h4l5 4V5L8 9H4z" />
        {on ? <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" /> : <path d="M17 9l5 6M22 9l-5 6" />}
      </svg>
    </button>
  );
}
