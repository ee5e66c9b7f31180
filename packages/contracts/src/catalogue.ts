import type { TCallContract } from './call.ts';
import { accountCalls } from './calls/account.ts';
import { authCalls } from './calls/auth.ts';
import { campaignsCalls } from './calls/campaigns.ts';
import { cashierCalls } from './calls/cashier.ts';
import { eventsCalls } from './calls/events.ts';
import { gamesCalls } from './calls/games.ts';
import { gamesPlayCalls } from './calls/games-play.ts';
import { metadataCalls } from './calls/metadata.ts';
import { responsibleGamingCalls } from './calls/responsible-gaming.ts';
import { storageCalls } from './calls/storage.ts';
import { supportCalls } from './calls/support.ts';
import { verificationCalls } from './calls/verification.ts';

/** Every call of the API: the server registers handlers for these, OpenAPI is generated from them. */
export const calls: TCallContract[] = [
  ...authCalls,
  ...accountCalls,
  ...metadataCalls,
  ...storageCalls,
  ...eventsCalls,
  ...supportCalls,
  ...cashierCalls,
  ...campaignsCalls,
  ...gamesCalls,
  ...gamesPlayCalls,
  ...verificationCalls,
  ...responsibleGamingCalls,
];

export const callKey = (name: string) => name.toLowerCase();
