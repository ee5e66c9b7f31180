/** The games module's front door: what other modules may use of it. */
export type { TGameVolumes, TVolume } from './admin/game-parts.ts';
export { createGamesArea } from './admin/games-area.ts';
export { GAMES_FLASH } from './admin/games-flash.ts';
export type { TGameDims } from './catalogue/game-dims.ts';
export { gameDims } from './catalogue/game-dims.ts';
export type { TImportedGame } from './catalogue/imported-games.ts';
export { importedGameLaunch, importGames } from './catalogue/imported-games.ts';
export { liveBroadcastTopics } from './live/live-socket.ts';
export { gamesModule } from './module.ts';
export { freespinsGames, grantFreespinsPack, listFreespins } from './play/freespins.ts';
export { FREESPINS_WINNINGS_TEMPLATE, registerFreespinsWinningsGrant } from './play/freespins-winnings.ts';
export { gameNames } from './play/game-lookup.ts';
export { forgetWalletToken, walletToken } from './play/wallet-token.ts';
export { listWinners, maskName, topWinners } from './play/winners.ts';
