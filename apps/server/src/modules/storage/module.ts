/** storage.get / getKeys / set: a signed-in player's small key-value store (e.g. already_seen_cashback_id). */
import { ZStorageGet, ZStorageGetKeys, ZStorageSet } from '@casino/contracts/calls/storage';
import type { TModule } from '../../platform/context.ts';
import { getValue, getValues, setValue } from './player-storage.ts';

export const storageModule: TModule = {
  name: 'storage',
  register(_app, ctx) {
    ctx.api.handle(ZStorageGet, async ({ key }, request) =>
      request.player ? getValue(ctx.db, request.player.id, key) : null,
    );
    ctx.api.handle(ZStorageGetKeys, async ({ keys }, request) =>
      request.player ? getValues(ctx.db, request.player.id, keys) : {},
    );
    ctx.api.handle(
      ZStorageSet,
      async ({ key, value }, request) => {
        await setValue(ctx.db, {
          // access 'user': the router has refused visitors already
          playerId: (request.player as NonNullable<typeof request.player>).id,
          key,
          value,
          quotaBytes: ctx.config.STORAGE_QUOTA_BYTES,
          now: ctx.providers.clock.now(),
        });
        return 1 as const;
      },
      { rateLimit: { max: 120, windowSeconds: 60, by: (_p, request) => String(request.player?.id ?? '') } },
    );
  },
};
