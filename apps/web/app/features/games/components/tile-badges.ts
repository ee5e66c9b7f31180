/** A slot on each game tile for marks a route adds (the competitions' badges in the game hall); none elsewhere. */
import { createContext, type ReactNode } from 'react';
import type { TGameItem } from '../api/games-api';

export const TileBadgesContext = createContext<((game: TGameItem) => ReactNode) | null>(null);
