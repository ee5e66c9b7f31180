/**
 * The campaigns module: the operator's deposit offers (content/campaigns → campaign_offers), campaigns.getoffers,
 * and the bonus a deposit earns with an offer (plugged into the cashier by its deposit-offer handler).
 */
import { ZGetOffers } from '@casino/contracts/calls/campaigns';
import type { TModule } from '../../platform/context.ts';
import { registerDepositOfferHandler } from '../cashier/deposit-offers.ts';
import { readOffersContent } from './content.ts';
import { depositBonusHandler } from './deposit-bonus.ts';
import { listOffers } from './offers.ts';
import { seedOffers } from './seed-offers.ts';

export const campaignsModule: TModule = {
  name: 'campaigns',
  register(_app, ctx) {
    ctx.api.handle(ZGetOffers, (params, request) =>
      listOffers(ctx.db, {
        playerId: request.player?.id ?? null,
        locale: request.locale,
        offset: params.offset,
        count: params.count,
        fields: params.fields,
        now: ctx.providers.clock.now(),
      }),
    );
    registerDepositOfferHandler(depositBonusHandler);
  },
  async seed(ctx) {
    await seedOffers(ctx.db, readOffersContent(ctx.contentDir));
  },
};
