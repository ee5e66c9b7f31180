/** Fills the games-search dialog place and opens it (from the hall, the game page, anywhere). */
import { fillDialogPlace, openDialogPlace } from '../../../ui/dialogs';

fillDialogPlace('games-search', () => import('./games-search-dialog'));

export const openGamesSearch = () => openDialogPlace('games-search', {}, { ariaLabel: 'Search games' });
