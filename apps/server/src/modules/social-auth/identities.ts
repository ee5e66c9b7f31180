/**
 * Who a provider's user is here (spec §4 social sign-in): the account already linked to this provider subject;
 * else the account whose confirmed e-mail the provider says is VERIFIED (then linked); else a new account to
 * complete later (is_registration_completed false). An unverified e-mail is never used to link, and an e-mail
 * already on an account is never copied to a second one.
 */
import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { lockIdentities, uniqueViolation } from '../auth/index.ts';
import type { TPlayer } from '../players/index.ts';
import {
  createPlayer,
  findPlayerByEmailContact,
  findPlayerById,
  findPlayerByLogin,
} from '../players/index.ts';
import { socialIdentities } from './schema.ts';

export interface TSocialProfile {
  service: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface TSocialResolution {
  player: TPlayer;
  outcome: 'signed_in' | 'linked' | 'created';
}

/** The refusals a sign-in page explains (the account exists but cannot be entered this way). */
export class SocialSignInRefusal extends Error {
  readonly reason: 'email_unconfirmed' | 'terms_required';
  constructor(reason: 'email_unconfirmed' | 'terms_required') {
    super(reason);
    this.reason = reason;
  }
}

const findLinked = async (ctx: TAppContext, service: string, subject: string) => {
  const [row] = await ctx.db
    .select({ playerId: socialIdentities.playerId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.service, service), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row ? findPlayerById(ctx.db, row.playerId) : undefined;
};

/** Inside the account's transaction: on the embedded database a query beside it would wait for it forever. */
const freeLogin = async (ctx: TAppContext, tx: TExecutor, profile: TSocialProfile) => {
  if (profile.email && profile.emailVerified && !(await findPlayerByLogin(tx, profile.email)))
    return profile.email;
  for (;;) {
    const login = `${profile.service}_${ctx.providers.random.bytes(5).toString('hex')}`;
    if (!(await findPlayerByLogin(tx, login))) return login;
  }
};

const link = (ctx: TAppContext, playerId: number, profile: TSocialProfile) =>
  ctx.db
    .insert(socialIdentities)
    .values({
      playerId,
      service: profile.service,
      subject: profile.subject,
      email: profile.email,
      createdAt: ctx.providers.clock.now(),
    })
    .onConflictDoNothing();

export const resolveSocialPlayer = async (
  ctx: TAppContext,
  profile: TSocialProfile,
  locale: string,
  /** A new account needs the operator's terms accepted (issue 41); signing in to an existing one never does. */
  options: { mayCreate: boolean } = { mayCreate: true },
): Promise<TSocialResolution> => {
  const linked = await findLinked(ctx, profile.service, profile.subject);
  if (linked) return { player: linked, outcome: 'signed_in' };

  const owner = profile.email ? await findPlayerByEmailContact(ctx.db, profile.email) : undefined;
  if (owner && profile.emailVerified) {
    // Someone may have registered this address without owning it: link only once the player confirmed it too.
    if (!owner.isConfirmed) throw new SocialSignInRefusal('email_unconfirmed');
    await link(ctx, owner.player.id, profile);
    return { player: owner.player, outcome: 'linked' };
  }

  if (!options.mayCreate) throw new SocialSignInRefusal('terms_required');
  const email = profile.email && !owner ? profile.email : null;
  try {
    const player = await ctx.db.transaction(async (tx) => {
      if (email) await lockIdentities(tx, [email]);
      const made = await createPlayer(tx, {
        login: await freeLogin(ctx, tx, profile),
        email,
        emailConfirmed: email !== null && profile.emailVerified,
        locale,
        isRegistrationCompleted: false,
        profile: {
          ...(profile.firstName ? { first_name: profile.firstName.slice(0, 100) } : {}),
          ...(profile.lastName ? { last_name: profile.lastName.slice(0, 100) } : {}),
        },
        createdAt: ctx.providers.clock.now(),
      });
      await tx.insert(socialIdentities).values({
        playerId: made.id,
        service: profile.service,
        subject: profile.subject,
        email: profile.email,
        createdAt: ctx.providers.clock.now(),
      });
      return made;
    });
    return { player, outcome: 'created' };
  } catch (error) {
    // Two first sign-ins of one provider user raced: the other one made the account.
    if (uniqueViolation(error) === null) throw error;
    const made = await findLinked(ctx, profile.service, profile.subject);
    if (!made) throw new AppError('InvalidRequestException', { message: 'social_account_conflict' });
    return { player: made, outcome: 'signed_in' };
  }
};
