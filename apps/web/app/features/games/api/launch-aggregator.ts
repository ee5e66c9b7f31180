/** games.launchAggregator: the URL of an aggregator's game (Hub88) for the game page's frame. */

import type { TData } from '@casino/contracts/call';
import type { ZLaunchAggregatorGame } from '@casino/contracts/calls/hub88';
import { api } from '../../../lib/api/browser';

export const launchAggregatorGame = (params: { sysname: string; mode: 'real' | 'demo'; mobile: boolean }) =>
  api.post<TData<typeof ZLaunchAggregatorGame>>('games.launchAggregator', {
    sysname: params.sysname,
    mode: params.mode,
    mobile: params.mobile ? '1' : '0',
  });
