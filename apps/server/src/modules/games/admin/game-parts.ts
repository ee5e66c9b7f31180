/**
 * What the games pages show and change that other modules own: a game's live volume and RTP (the reports' daily
 * aggregates and the wallet's rounds), its bonus contribution (bonuses) and the jackpots its stakes feed
 * (competitions). Those modules sit above games, so the composition root (modules/admin-areas.ts) hands their
 * functions to the games area instead of the area importing them.
 */
import type { TChangeAudit } from '../../../platform/change-audit.ts';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';

/** Real-money play of one game in one currency. */
export interface TVolume {
  currency: string;
  rounds: number;
  stakes: bigint;
  wins: bigint;
  /** wins / stakes, percent; null without stakes. */
  rtp: number | null;
}

export interface TGameVolumes {
  today: TVolume[];
  last30: TVolume[];
}

/** A jackpot as a game's page shows it: whether the game's stakes feed it, and why. */
export interface TGameJackpot {
  id: number;
  name: string;
  currency: string;
  state: string;
  eligible: boolean;
  /** Why: all games, named, excluded, not named, or another kind. */
  reason: 'all' | 'named' | 'excluded' | 'not_named' | 'kind';
}

export interface TGamePageParts {
  /** Today's and the last 30 days' volume per game (of these games; every game when none are named). */
  volumes: (db: TExecutor, now: Date, games?: string[]) => Promise<Map<string, TGameVolumes>>;
  /** The game's own bonus contribution (whole percent, null: the templates decide) and its change (audited). */
  contribution: {
    of: (db: TExecutor, game: string) => Promise<number | null>;
    set: (ctx: TAppContext, game: string, percent: number | null, audit: TChangeAudit) => Promise<unknown>;
  };
  /** The jackpots and whether the game feeds each, and the switch for one (audited). */
  jackpots: {
    of: (db: TExecutor, game: string, kind: string) => Promise<TGameJackpot[]>;
    setEligibility: (
      ctx: TAppContext,
      input: { jackpotId: number; game: string; kind: string; eligible: boolean },
      audit: TChangeAudit,
    ) => Promise<unknown>;
  };
}
