import type { TCallContract } from './call.ts';
import { accountCalls } from './calls/account.ts';
import { authCalls } from './calls/auth.ts';
import { bannersCalls } from './calls/banners.ts';
import { bonusesCalls } from './calls/bonuses.ts';
import { campaignsCalls } from './calls/campaigns.ts';
import { cashbacksCalls } from './calls/cashbacks.ts';
import { cashierCalls } from './calls/cashier.ts';
import { competitionsCalls } from './calls/competitions.ts';
import { eventsCalls } from './calls/events.ts';
import { freespinsCalls } from './calls/freespins.ts';
import { gamesCalls } from './calls/games.ts';
import { gamesPlayCalls } from './calls/games-play.ts';
import { hub88Calls } from './calls/hub88.ts';
import { jackpotsCalls } from './calls/jackpots.ts';
import { loyaltyCalls } from './calls/loyalty.ts';
import { metadataCalls } from './calls/metadata.ts';
import { popupsCalls } from './calls/popups.ts';
import { responsibleGamingCalls } from './calls/responsible-gaming.ts';
import { sportsbookCalls } from './calls/sportsbook.ts';
import { storageCalls } from './calls/storage.ts';
import { supportCalls } from './calls/support.ts';
import { verificationCalls } from './calls/verification.ts';

/** Every call of the API: the server registers handlers for these, OpenAPI is generated from them. */
export const calls: TCallContract[] = [
  ...authCalls,
  ...accountCalls,
  ...metadataCalls,
  ...bannersCalls,
  ...storageCalls,
  ...eventsCalls,
  ...supportCalls,
  ...cashierCalls,
  ...campaignsCalls,
  ...competitionsCalls,
  ...jackpotsCalls,
  ...bonusesCalls,
  ...cashbacksCalls,
  ...freespinsCalls,
  ...popupsCalls,
  ...gamesCalls,
  ...gamesPlayCalls,
  ...hub88Calls,
  ...verificationCalls,
  ...responsibleGamingCalls,
  ...loyaltyCalls,
  ...sportsbookCalls,
];

export const callKey = (name: string) => name.toLowerCase();
