/**
 * Locales and translations: `GET /nfx/i18n/locales`, `GET /nfx/i18n/messages/{locale}` (`?ns=a,b` for some
 * namespaces only; the `x-i18n-namespaces` header names all of them), and the server-side translator `t`
 * (translate.ts) that other modules use for mails.
 */
import type { FastifyInstance } from 'fastify';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { allOverrides, findEnabledLocale, localeSettings, seedLocales } from './locales-service.ts';
import { localeMessages, namespacesJson, parseNamespaces } from './messages-service.ts';
import { configureTranslator } from './translate.ts';

/** Every namespace of the locale, whatever part of them the body holds (the site loads the rest later). */
export const NAMESPACES_HEADER = 'x-i18n-namespaces';

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
    const entry = await localeMessages(ctx.db, ctx.contentDir, found.code);
    const namespaces = parseNamespaces((request.query as Record<string, unknown>).ns, entry.namespaces);
    reply
      .header('cache-control', 'public, max-age=60')
      .header(NAMESPACES_HEADER, entry.namespaces.join(','))
      .type('application/json; charset=utf-8');
    return reply.send(namespaces ? namespacesJson(entry, namespaces) : entry.json);
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
