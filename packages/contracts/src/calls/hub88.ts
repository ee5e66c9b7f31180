/** The games aggregator's call (Hub88, docs/decisions/060-hub88-aggregator.md): launching an imported game. */
import { z } from 'zod';
import { defineCall, type TCallContract, zText } from '../call.ts';
import { PLAY_MODES } from './games-play.ts';

export const ZLaunchAggregatorGame = defineCall({
  name: 'games.launchAggregator',
  method: 'POST',
  access: 'any',
  summary:
    "Opens an aggregator's game (one imported from Hub88): answers the URL the game page frames. Real mode needs a signed-in player (a wallet session is opened for the game); demo mode is the aggregator's own play money. An unknown game, or demo on a game without it, is invalid (`sysname`, `mode`); the aggregator off or not answering is ApplicationUnavailableException.",
  params: z.object({
    sysname: zText().pipe(z.string().min(1, { error: 'requiredField' }).max(100, { error: 'wrongField' })),
    mode: zText().pipe(z.enum(PLAY_MODES, { error: 'wrongField' })),
    mobile: zText().pipe(z.enum(['', '0', '1'], { error: 'wrongField' })),
  }),
  data: z.object({ url: z.string() }),
});

export const hub88Calls: TCallContract[] = [ZLaunchAggregatorGame];
