/**
 * The chat badge (spec §2): a support launcher shown on every route but betting and game pages, leading to the
 * support page. Once a live chat has loaded (features/live-chat) its own launcher takes the place; the badge
 * opens the chat while the widget is still loading.
 */

import { useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { paths } from '../../config/paths';
import { chatState, onChatState, requestChatOpen } from '../../lib/chat-bus';
import { useTranslation } from '../../lib/i18n-lite';
import { Icon } from '../../ui/icons';
import { isChatBadgeVisible } from './chat-badge';
import { LocaleLink } from './locale-link';

export function ChatLauncher() {
  const { t } = useTranslation();
  const matches = useMatches();
  const chat = useSyncExternalStore(onChatState, chatState, () => 'none' as const);
  if (!isChatBadgeVisible(matches.at(-1)?.id) || chat === 'ready') return null;
  const label = t('header.nav.support', { defaultValue: 'Support' });
  // In a landmark of its own, so a screen reader's list of regions reaches it like the rest of the page.
  return (
    <aside aria-label={label} className="fixed bottom-20 end-4 z-20 md:bottom-6">
      <LocaleLink
        to={paths.support}
        className="chat-badge"
        aria-label={label}
        data-testid="chat-badge"
        onClick={(event) => {
          if (chatState() === 'none') return;
          event.preventDefault();
          requestChatOpen();
        }}
      >
        <Icon name="chat" className="size-6" />
      </LocaleLink>
    </aside>
  );
}
