/**
 * Spec §2 Chat badge: hidden on betting (and its event pages, where the bet slip's bar sits), game-index-sysname
 * and game-sysname; a language suffix is ignored.
 */
const HIDDEN = new Set(['betting', 'betting-event', 'game-index-sysname', 'game-sysname']);

export const isChatBadgeVisible = (routeName: string | undefined) => {
  if (!routeName) return true;
  const bare = routeName.replace(/___[a-z]{2}(?:-[a-z]{2})?$/i, '').replace(/-lang$/, '');
  return !HIDDEN.has(bare);
};
