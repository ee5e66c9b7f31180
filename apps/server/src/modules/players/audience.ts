/**
 * Player audiences (issue 40, docs/decisions/068-segment-targeting.md): a deposit offer, a popup or a bonus template
 * may name one audience by id (a CRM saved segment). The modules that target live below the crm, so they cannot ask
 * it; they ask this port, and the crm registers how a player is tested against its segments when it starts. With no
 * source registered, a targeted item matches nobody (never everybody).
 */
import type { TExecutor } from '../../platform/db/database.ts';

export interface TAudienceChoice {
  id: number;
  name: string;
}

export interface TAudienceSource {
  /** Of these audience ids, the ones the player belongs to at `now` (one indexed statement for the player). */
  membersOf(db: TExecutor, playerId: number, audienceIds: readonly number[], now: Date): Promise<Set<number>>;
  /** The audiences an operator may target (shared segments), by name: the back-office forms offer them. */
  choices(db: TExecutor): Promise<TAudienceChoice[]>;
}

let source: TAudienceSource | null = null;

/** Registers the audiences' owner (the crm at start); answers the undo (tests). */
export const registerAudienceSource = (next: TAudienceSource) => {
  source = next;
  return () => {
    if (source === next) source = null;
  };
};

/**
 * Which of the audience ids the player is in. A visitor (null) is in none: a segment is of players. Asked once per
 * request for all the targeted items it shows, never per item.
 */
export const audiencesOfPlayer = async (
  db: TExecutor,
  playerId: number | null,
  audienceIds: readonly (number | null)[],
  now: Date,
): Promise<Set<number>> => {
  const ids = [...new Set(audienceIds.filter((id): id is number => id !== null))];
  if (ids.length === 0 || playerId === null || !source) return new Set();
  return source.membersOf(db, playerId, ids, now);
};

/** Does an item with this audience (null: everyone) show to the player, given the audiences they are in? */
export const isInAudience = (audienceId: number | null, memberOf: ReadonlySet<number>) =>
  audienceId === null || memberOf.has(audienceId);

/** The audiences the back-office may offer (none without a source). */
export const audienceChoices = async (db: TExecutor): Promise<TAudienceChoice[]> =>
  source ? source.choices(db) : [];
