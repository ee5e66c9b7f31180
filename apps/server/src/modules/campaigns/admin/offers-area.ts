/**
 * Promotions › Deposit offers (issue 40, ADR 068): list, create, edit (words per locale, terms, window, targeting by
 * locale, country and CRM segment), copy and retire. Reading needs promotions.read, every change promotions.edit;
 * retiring confirms on its own page first.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.ts';
import { flashCodeOf, formFields, idParam, queryOf, type TRouteArea } from '../../backoffice/index.ts';
import { listTemplates } from '../../bonuses/index.ts';
import { PAYMENT_METHODS } from '../../cashier/index.ts';
import { localeSettings } from '../../i18n/index.ts';
import { audienceChoices } from '../../players/index.ts';
import { blankOffer, findDepositOffer, listOfferRows } from '../offers-admin.ts';
import { copyOfferFromForm, createOfferFromForm, retireOfferById, saveOffer } from './offer-forms.ts';
import { offerBody, offersBody, retireOfferConfirmBody } from './offer-pages.ts';

const LIST = '/admin/promotions/offers';

/** Like the kit's `act`, but a success goes where the action says (the offer made or copied). */
const actThenGo = async (reply: FastifyReply, back: string, action: () => Promise<string>) => {
  try {
    return reply.redirect(await action(), 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}error=${flashCodeOf(error)}`, 303);
  }
};

const methods = () => PAYMENT_METHODS.map((m) => ({ sysname: m.sysname, name: m.name }));

export const depositOffersArea: TRouteArea = (admin, kit, ctx) => {
  const canEdit = (request: Parameters<typeof kit.allowed>[0]) => kit.allowed(request)('promotions.edit');

  admin.get('/promotions/offers', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const [offers, segments] = await Promise.all([listOfferRows(ctx.db), audienceChoices(ctx.db)]);
    return kit.render(
      request,
      reply,
      'Deposit offers',
      'promotions',
      offersBody({ offers, segments, canEdit: canEdit(request) }),
    );
  });
  admin.get('/promotions/offers/new', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return kit.render(
      request,
      reply,
      'New deposit offer',
      'promotions',
      offerBody({
        offer: blankOffer(ctx.providers.clock.now()),
        locale: 'en',
        locales: ['en'],
        templates: await listTemplates(ctx.db),
        methods: methods(),
        segments: await audienceChoices(ctx.db),
        canEdit: true,
        csrf: kit.csrfOf(request),
        isNew: true,
      }),
    );
  });
  admin.post('/promotions/offers', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return actThenGo(reply, `${LIST}/new`, async () => {
      const offer = await createOfferFromForm(ctx, kit.actorOf(request), request.body);
      return `${LIST}/${offer.id}?ok=offer_created`;
    });
  });
  admin.get('/promotions/offers/:id', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const offer = await findDepositOffer(ctx.db, idParam(request));
    if (!offer) return reply.callNotFound();
    const locales = (await localeSettings(ctx.db)).locales.map((l) => l.code);
    const asked = queryOf(request).locale ?? 'en';
    return kit.render(
      request,
      reply,
      offer.sysname,
      'promotions',
      offerBody({
        offer,
        locale: locales.includes(asked) ? asked : 'en',
        locales,
        templates: await listTemplates(ctx.db),
        methods: methods(),
        segments: await audienceChoices(ctx.db),
        canEdit: canEdit(request),
        csrf: kit.csrfOf(request),
      }),
    );
  });
  admin.post('/promotions/offers/:id', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    const locale = String(formFields(request.body).locale ?? 'en');
    const back = `${LIST}/${id}${/^[a-z]{2}$/.test(locale) ? `?locale=${locale}` : ''}`;
    return kit.act(reply, back, 'offer_saved', () => saveOffer(ctx, kit.actorOf(request), id, request.body));
  });
  admin.post('/promotions/offers/:id/copy', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return actThenGo(reply, `${LIST}/${id}`, async () => {
      const offer = await copyOfferFromForm(ctx, kit.actorOf(request), id, request.body);
      return `${LIST}/${offer.id}?ok=offer_copied`;
    });
  });
  // Retire: the first post (or a GET) answers the confirmation page; only its button's post retires.
  const retire = async (request: FastifyRequest, reply: FastifyReply, isPost: boolean) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    const offer = await findDepositOffer(ctx.db, id);
    if (!offer) return reply.callNotFound();
    if (isPost && formFields(request.body).confirmed === '1')
      return kit.act(reply, `${LIST}/${id}`, 'offer_retired', () =>
        retireOfferById(ctx, kit.actorOf(request), id),
      );
    if (offer.retiredAt) return reply.redirect(`${LIST}/${id}?ok=nothing_changed`, 303);
    return kit.render(
      request,
      reply,
      `Retire ${offer.sysname}`,
      'promotions',
      retireOfferConfirmBody(offer, kit.csrfOf(request)),
    );
  };
  admin.get('/promotions/offers/:id/retire', (request, reply) => retire(request, reply, false));
  admin.post('/promotions/offers/:id/retire', (request, reply) => retire(request, reply, true));
};
