/** The `position-sync` shared worker: one live socket for all the player's tabs (see balance-socket-hub.ts). */
import { createBalanceSocketHub, type TPortLike } from './balance-socket-hub';
import type { TSocketLike } from './socket-link';

const hub = createBalanceSocketHub({
  openSocket: (url) => new WebSocket(url) as unknown as TSocketLike,
});

const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };
scope.onconnect = (event) => {
  const port = event.ports[0];
  if (port) hub.connect(port as unknown as TPortLike);
};
