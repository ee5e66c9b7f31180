/**
 * Content › FAQ: the support page's questions per language (the support module's), added, edited, moved and
 * removed; each change audited with the list before and after. A language without its own list shows English's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import {
  attempt,
  formString,
  parseForm,
  queryOf,
  recordAudit,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { FALLBACK_LOCALE, listLocales } from '../../i18n/index.ts';
import { listFaq, saveFaq, type TFaqEntry } from '../faq-service.ts';
import { faqBody } from './faq-page.ts';

const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;

/** A question and its answer, trimmed (the support module checks them with the whole list). */
const ZQuestionForm = z.object({
  question: formString().transform((v) => v.trim()),
  answer: formString().transform((v) => v.trim()),
});
/** Moving a question: `up`, else down. */
const ZMoveForm = z.object({ dir: formString() });

/** An id for a new question from its words (a letter first, unique in the list). */
const newFaqId = (question: string, taken: readonly TFaqEntry[]) => {
  const words = question
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 30);
  const base = words || 'question';
  let id = base;
  // `add` is the add form's own address.
  for (let n = 2; id === 'add' || taken.some((t) => t.id === id); n += 1) id = `${base}-${n}`;
  return id;
};

export const faqArea: TRouteArea = (admin, kit, ctx) => {
  const locales = () => listLocales(ctx.db);
  const known = async (code: string) => (await locales()).some((l) => l.code === code);
  /** The locale asked for in the query, else English. */
  const askedLocale = async (request: FastifyRequest) => {
    const code = queryOf(request).locale ?? FALLBACK_LOCALE;
    return (await known(code)) ? code : null;
  };

  const faqOf = async (locale: string) => {
    const own = await listFaq(ctx.db, locale);
    return { own: own !== null, items: own ?? (await listFaq(ctx.db, FALLBACK_LOCALE)) ?? [] };
  };

  admin.get('/content/faq', async (request, reply) => {
    await kit.need(request, 'content.read');
    const locale = await askedLocale(request);
    if (!locale) return reply.redirect('/admin/content/faq?error=locale_wrongField', 303);
    const { own, items } = await faqOf(locale);
    return kit.render(
      request,
      reply,
      'FAQ',
      'content',
      faqBody({
        locales: await locales(),
        locale,
        items,
        own,
        canEdit: kit.allowed(request)('content.edit'),
        csrf: kit.csrfOf(request),
      }),
    );
  });

  /** Changes a locale's list as a whole (checked by the support module), audited with the list before and after. */
  const changeFaq =
    (action: string, change: (items: TFaqEntry[], request: FastifyRequest) => TFaqEntry[]) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      await kit.need(request, 'content.edit');
      const { locale = '' } = paramsOf(request);
      const back = `/admin/content/faq?locale=${(await known(locale)) ? locale : FALLBACK_LOCALE}`;
      const refused = await attempt(async () => {
        if (!(await known(locale))) throw invalidParameters({ locale: 'wrongField' });
        const before = (await faqOf(locale)).items;
        const after = change(
          before.map((i) => ({ ...i })),
          request,
        );
        const now = ctx.providers.clock.now();
        await saveFaq(ctx.db, locale, after, now);
        await recordAudit(ctx.db, kit.actorOf(request), {
          action: `content.faq.${action}`,
          target: { type: 'faq', id: locale },
          before: { items: before },
          after: { items: after },
          at: now,
        });
      });
      return reply.redirect(`${back}&${refused ? `error=${refused}` : 'ok=faq_saved'}`, 303);
    };
  const indexOf = (items: TFaqEntry[], request: FastifyRequest) => {
    const i = items.findIndex((item) => item.id === paramsOf(request).id);
    if (i < 0) throw invalidParameters({ faq: 'notFound' });
    return i;
  };

  admin.post(
    '/content/faq/:locale/add',
    changeFaq('add', (items, request) => {
      const { question, answer } = parseForm(ZQuestionForm, request.body);
      return [...items, { id: newFaqId(question, items), question, answer }];
    }),
  );
  admin.post(
    '/content/faq/:locale/:id',
    changeFaq('edit', (items, request) => {
      const item = items[indexOf(items, request)] as TFaqEntry;
      Object.assign(item, parseForm(ZQuestionForm, request.body));
      return items;
    }),
  );
  admin.post(
    '/content/faq/:locale/:id/move',
    changeFaq('move', (items, request) => {
      const i = indexOf(items, request);
      const j = parseForm(ZMoveForm, request.body).dir === 'up' ? i - 1 : i + 1;
      if (j < 0 || j >= items.length) return items;
      [items[i], items[j]] = [items[j] as TFaqEntry, items[i] as TFaqEntry];
      return items;
    }),
  );
  admin.post(
    '/content/faq/:locale/:id/remove',
    changeFaq('remove', (items, request) => items.filter((_, i) => i !== indexOf(items, request))),
  );
};
