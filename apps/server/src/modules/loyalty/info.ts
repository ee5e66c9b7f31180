/** loyalty.getinfo: the player's points, ladder with progress, character and the points' name (§3 Loyalty Info). */
import type { TLoyaltyInfo } from '@casino/contracts/calls/loyalty';
import type { TAppContext } from '../../platform/context.ts';
import { t } from '../i18n/index.ts';
import type { TPlayer } from '../players/index.ts';
import { characterOf } from './characters.ts';
import { settleClaims } from './claims.ts';
import { isLoyaltyFlagOn } from './flags.ts';
import { ladder, listLevels } from './levels.ts';
import { pointsAccount } from './points.ts';
import { toPoints } from './text.ts';

export const loyaltyInfo = async (
  ctx: TAppContext,
  player: TPlayer,
  locale: string,
): Promise<TLoyaltyInfo> => {
  // Pays anything due (a deposit quest, a reward whose after-bet hook never ran) before it is shown.
  await settleClaims(ctx, player.id);
  const [account, levels, character] = await Promise.all([
    pointsAccount(ctx.db, player.id),
    listLevels(ctx.db),
    (await isLoyaltyFlagOn(ctx.db, 'isCharactersEnable')) ? characterOf(ctx.db, player.id, locale) : null,
  ]);
  return {
    id: player.id,
    is_active: player.status === 'active',
    points: toPoints(account.balance),
    lifetime_points: toPoints(account.lifetime),
    character,
    levels: ladder(levels, account.lifetime, locale),
    pointsAlias: t(locale, 'loyalty.pointsAlias'),
    uid: player.id,
  };
};
