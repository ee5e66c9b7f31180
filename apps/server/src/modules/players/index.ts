/** The players module's front door: what other modules may use of it. */
export type { TAudienceChoice, TAudienceSource } from './audience.ts';
export { audienceChoices, audiencesOfPlayer, isInAudience, registerAudienceSource } from './audience.ts';
export { markContactConfirmed, saveContact, setContactSubscribed } from './contact-changes.ts';
export { playerDims, playerGroupsQuery, registrationsBetween } from './report-dims.ts';
export { requirePlayer } from './require-player.ts';
export type { TPlayer, TPlayerContact, TProfileData } from './schema.ts';
export { players } from './schema.ts';
export type { TPlayerHit } from './search.ts';
export { searchPlayers } from './search.ts';
export {
  createPlayer,
  findContact,
  findPlayerByEmailContact,
  findPlayerById,
  findPlayerByLogin,
  findPlayerByTelegramId,
  findPlayerForSignIn,
  isContactTaken,
  listContacts,
  loginKey,
  loginsByIds,
  resealTwoFactorSecrets,
  unsubscribeAllContacts,
  updatePlayer,
} from './service.ts';
