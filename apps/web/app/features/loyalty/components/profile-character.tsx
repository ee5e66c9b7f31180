/** The player's loyalty character beside the profile's title (§3 placesWhereDisplayedCharacters: profile-page). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-lite';
import { infoQuery } from '../api/loyalty-api';
import { openCharacterChange } from '../dialogs/loyalty-places';
import { showsCharacter, useLoyaltyConfig, useSignedIn } from './loyalty-ui';

export function ProfileCharacter() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const config = useLoyaltyConfig();
  const shown = signedIn && config.isEnableLoyalty && showsCharacter(config, 'profile-page');
  const info = useQuery(infoQuery(shown));
  const character = info.data?.character;
  if (!shown || !character) return null;
  return (
    <button
      type="button"
      onClick={() => openCharacterChange(character.id)}
      className="flex items-center gap-2 rounded-full text-sm text-[var(--text-muted)] hover:text-[var(--text-strong)]"
      data-testid="profile-character"
      title={t('loyalty.character.change', { defaultValue: 'Change character' })}
    >
      <img src={character.image} alt="" className="size-10 rounded-full" />
      <span>{character.name}</span>
    </button>
  );
}
