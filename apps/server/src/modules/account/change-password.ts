/**
 * changepassword: the current password proves it is the player; the new one follows the password policy (auth's);
 * every other session ends afterwards.
 */
import { rules } from '@casino/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { invalidPasswordParameters, newPasswordRule, passwordMinLength } from '../auth/index.ts';
import type { TPlayer } from '../players/index.ts';
import { updatePlayer } from '../players/index.ts';

export const changePassword = async (
  ctx: TAppContext,
  player: TPlayer,
  input: { current: string; next: string; repeat: string },
  request: FastifyRequest,
) => {
  const failures: Record<string, string> = {};
  if (input.current === '') failures.current_password = 'insertPassword';
  const min = await passwordMinLength(ctx.db);
  const nextFailure = newPasswordRule(min)(input.next);
  if (nextFailure) failures.new_password = nextFailure;
  else if (rules.passwordRepeat(input.next)(input.repeat)) failures.repeat_password = 'passwordsNotEqual';
  if (Object.keys(failures).length > 0) throw invalidPasswordParameters(failures, min);

  // A player made by social or messaging-app sign-up has no password: nothing can match.
  const matches = player.passwordHash ? await verify(player.passwordHash, input.current) : false;
  if (!matches) throw invalidParameters({ current_password: 'wrongField' });

  await updatePlayer(ctx.db, player.id, { passwordHash: await hash(input.next, { algorithm: 2 }) });
  await ctx.sessions.endOthers(player.id, request);
};
