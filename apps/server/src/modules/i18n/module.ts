/**
 * Locales and translations: `GET /nfx/i18n/locales`, `GET /nfx/i18n/messages/{locale}`, and the server-side
 * translator `t` (translate.ts) that other modules use for mails.
 */
import type { FastifyInstance } from 'fastify';
import type { TAppContext, TModule } from '../../platform/context.ts';
import {
  allOverrides,
  findEnabledLocale,
  localeSettings,
  overridesFor,
  seedLocales,
} from './locales-service.ts';
import { configureTranslator, messagesWithFallback } from './translate.ts';

const register = (app: FastifyInstance, ctx: TAppContext) => {
  app.get('/nfx/i18n/locales', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return localeSettings(ctx.db);
  });

  app.get('/nfx/i18n/messages/:locale', async (request, reply) => {
    const { locale } = request.params as { locale: string };
    const found = await findEnabledLocale(ctx.db, locale);
    if (!found)
      return reply.status(404).send({ error: 'LocaleNotFound', message: `Unknown locale: ${locale}` });
    reply.header('cache-control', 'public, max-age=60');
    return messagesWithFallback(ctx.contentDir, found.code, await overridesFor(ctx.db, found.code));
  });
};

export const i18nModule: TModule = {
  name: 'i18n',
  register,
  async seed(ctx) {
    await seedLocales(ctx.db, ctx.contentDir);
    configureTranslator(ctx.contentDir, await allOverrides(ctx.db));
  },
};
