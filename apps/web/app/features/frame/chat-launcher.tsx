/** The chat badge (spec §2): a support launcher shown on every route but betting and game pages. */
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { paths } from '../../config/paths';
import { Icon } from '../../ui/icons';
import { isChatBadgeVisible } from './chat-badge';
import { LocaleLink } from './locale-link';

export function ChatLauncher() {
  const { t } = useTranslation();
  const matches = useMatches();
  if (!isChatBadgeVisible(matches.at(-1)?.id)) return null;
  return (
    <LocaleLink
      to={paths.support}
      className="chat-badge fixed bottom-20 end-4 z-20 md:bottom-6"
      aria-label={t('header.nav.support', { defaultValue: 'Support' })}
      data-testid="chat-badge"
    >
      <Icon name="chat" className="size-6" />
    </LocaleLink>
  );
}
