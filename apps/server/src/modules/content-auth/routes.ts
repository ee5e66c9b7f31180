/**
 * The headless content client's routes (spec §7), on the paths Strapi's users-permissions plugin serves them, in
 * a scope of their own whose error handler answers Strapi's error JSON (a broken body too). Social sign-in
 * (/connect/{provider}, /auth/{provider}/callback) and self-registration are switched off (ADR 029).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { readFields } from './body-fields.ts';
import { changePassword } from './change-password.ts';
import { bearerEditor, editorUser } from './editors.ts';
import { signInLocal } from './local-sign-in.ts';
import { forgotPassword, resetPassword } from './password-reset.ts';
import { applicationError, strapiErrorBody, toStrapiError } from './strapi-errors.ts';

export const REGISTER_DISABLED = 'Register action is currently disabled';
export const PROVIDER_DISABLED = 'This provider is disabled';

type THandler = (request: FastifyRequest) => Promise<unknown>;

export const registerContentAuthRoutes = async (app: FastifyInstance, ctx: TAppContext) => {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const strapi = toStrapiError(error);
      if (strapi.status >= 500) request.log.error({ err: error }, 'content auth request failed');
      if (strapi.status === 429) reply.header('retry-after', String(strapi.details.retryAfter ?? 60));
      return reply.status(strapi.status).header('cache-control', 'no-store').send(strapiErrorBody(strapi));
    });
    const answer = (handler: THandler) => async (request: FastifyRequest, reply: FastifyReply) => {
      const body = await handler(request);
      return reply.header('cache-control', 'no-store').send(body);
    };

    scope.post(
      '/auth/local',
      answer((request) => signInLocal(ctx, request)),
    );
    scope.get(
      '/users/me',
      answer(async (request) => editorUser(await bearerEditor(ctx, request))),
    );
    scope.post(
      '/auth/forgot-password',
      answer((request) => forgotPassword(ctx, request)),
    );
    scope.post(
      '/auth/reset-password',
      answer((request) => resetPassword(ctx, request)),
    );
    scope.post(
      '/auth/change-password',
      answer((request) => changePassword(ctx, request)),
    );
    // Editors' addresses are confirmed by the admin who creates the account: nothing is mailed, and the answer is
    // the same for any address (no enumeration).
    scope.post(
      '/auth/send-email-confirmation',
      answer(async (request) => {
        const { email } = readFields(request.body, { email: { required: true, max: 200 } });
        return { email, sent: true };
      }),
    );
    // Editor accounts are made by an admin (CLI or back-office), never by whoever reaches this address.
    scope.post(
      '/auth/local/register',
      answer(async () => {
        throw applicationError(REGISTER_DISABLED);
      }),
    );
    // No social provider is configured for editors: the back-office's sign-in has none either.
    const providerDisabled = answer(async () => {
      throw applicationError(PROVIDER_DISABLED);
    });
    scope.get('/connect/:provider', providerDisabled);
    scope.get('/auth/:provider/callback', providerDisabled);
  });
};
