/**
 * The live chat as the rest of the site sees it: whether a widget is configured and loaded, and a request to
 * open it. The chat feature (features/live-chat) answers; pages (the support launcher) only ask, so they do not
 * import the chat's code.
 */
export type TChatState = 'none' | 'pending' | 'ready';

let state: TChatState = 'none';
const stateListeners = new Set<(state: TChatState) => void>();
const openListeners = new Set<() => void>();
let openRequested = false;

export const chatState = () => state;

export const setChatState = (next: TChatState) => {
  if (next === state) return;
  state = next;
  for (const listener of stateListeners) listener(next);
};

export const onChatState = (listener: (state: TChatState) => void) => {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
};

/** Asks the chat to open its window; a request made before the widget loaded is kept for it. */
export const requestChatOpen = () => {
  if (openListeners.size === 0) {
    openRequested = true;
    return;
  }
  for (const listener of openListeners) listener();
};

export const onChatOpenRequest = (listener: () => void) => {
  openListeners.add(listener);
  if (openRequested) {
    openRequested = false;
    listener();
  }
  return () => {
    openListeners.delete(listener);
  };
};
