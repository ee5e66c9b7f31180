import type { TGameSession } from '../hooks/use-game-session';
import type { TGameView } from '../lib/game-kinds';

/** What the game page hands every game screen. */
export interface TScreenProps {
  game: TGameView;
  session: TGameSession;
}
