/**
 * The loyalty catalogue: levels, programs, quests, shop products (and their stock) and characters — list,
 * create, edit, switch off. The loyalty module checks and writes; each change is audited in its transaction.
 * A refused form is shown again with what was typed and a flash error (422), never half-saved.
 */
import { AVAILABLE_LOCALES } from '@casino/contracts/countries';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  formChoice,
  formString,
  idParam,
  parseForm,
  recordAudit,
  type TRouteArea,
} from '../../backoffice/index.ts';
import {
  catalogueRow,
  listCatalogue,
  questPrograms,
  saveCatalogueRow,
  setCatalogueActive,
  setProductStock,
  type TCatalogueAudit,
} from '../catalogue.ts';
import type { TFormValues, TProblems } from '../catalogue-fields.ts';
import { formValuesOf } from '../catalogue-fields.ts';
import { CATALOGUE_KINDS, catalogueKind, type TCatalogueKind } from '../catalogue-kinds.ts';
import { itemOrders, markDelivered } from '../item-orders.ts';
import { loyaltyFormBody, loyaltyIndexBody, loyaltyListBody } from './catalogue-pages.ts';

const kindOf = (request: FastifyRequest) => catalogueKind((request.params as { kind: string }).kind);

/** A kind's form, drawn from its fields: every input they have (anything else is dropped). */
const formSchemaOf = (kind: TCatalogueKind) => {
  const names = kind.fields.flatMap((f) => [
    f.name,
    ...(f.type === 'texts' ? AVAILABLE_LOCALES.map((l) => `${f.name}.${l}`) : []),
    ...(f.type === 'reward' ? [`${f.name}_type`, `${f.name}_amount`] : []),
  ]);
  return z.object(Object.fromEntries(names.map((name) => [name, formString()])));
};
const FORM_SCHEMAS = new Map(CATALOGUE_KINDS.map((kind) => [kind.id, formSchemaOf(kind)]));

/** The form as posted, through its kind's schema. */
const formOf = (kind: TCatalogueKind, body: unknown): TFormValues =>
  parseForm(FORM_SCHEMAS.get(kind.id) ?? formSchemaOf(kind), body);

const ZActiveForm = z.object({ active: formChoice(['0', '1']) });
const ZStockForm = z.object({ stock: formString() });

const rowValues = (kind: TCatalogueKind, row: Record<string, unknown>) => {
  const dependent =
    kind.id === 'quests' ? String(row.kind) : kind.id === 'products' ? String(row.type) : undefined;
  return Object.assign({}, ...kind.fields.map((f) => formValuesOf(f, row, dependent))) as TFormValues;
};

const problemsOf = (error: unknown): TProblems | null =>
  error instanceof AppError && error.type === 'InvalidParameterException'
    ? ((error.errorData.invalid_parameters as TProblems | undefined) ?? null)
    : null;

export const loyaltyArea: TRouteArea = (admin, kit, ctx) => {
  const auditOf =
    (request: FastifyRequest, kind: TCatalogueKind): TCatalogueAudit =>
    async (tx, change) => {
      await recordAudit(tx, kit.actorOf(request), {
        action: change.action,
        target: { type: `loyalty_${kind.singular}`, id: change.id },
        before: change.before,
        after: change.after,
        at: ctx.providers.clock.now(),
      });
    };

  const formPage = async (
    request: FastifyRequest,
    kind: TCatalogueKind,
    row: Awaited<ReturnType<typeof catalogueRow>>,
    values: TFormValues,
    problems: TProblems | null,
  ) =>
    loyaltyFormBody({
      kind,
      row,
      values,
      problems,
      canEdit: kit.allowed(request)('loyalty.edit'),
      csrf: kit.csrfOf(request),
      programs: kind.id === 'quests' ? await questPrograms(ctx.db) : [],
      orders: row && kind.id === 'products' && row.type === 'item' ? await itemOrders(ctx.db, row.id) : null,
    });

  admin.get('/loyalty', async (request, reply) => {
    await kit.need(request, 'loyalty.read');
    const counts = await Promise.all(
      CATALOGUE_KINDS.map(async (kind) => {
        const rows = await listCatalogue(ctx.db, kind);
        return { kind, active: rows.filter((r) => r.is_active).length, total: rows.length };
      }),
    );
    return kit.render(request, reply, 'Loyalty', 'loyalty', loyaltyIndexBody({ counts }));
  });

  admin.get('/loyalty/:kind', async (request, reply) => {
    await kit.need(request, 'loyalty.read');
    const kind = kindOf(request);
    if (!kind) return reply.callNotFound();
    const rows = await listCatalogue(ctx.db, kind);
    const canEdit = kit.allowed(request)('loyalty.edit');
    return kit.render(request, reply, kind.title, 'loyalty', loyaltyListBody({ kind, rows, canEdit }));
  });

  admin.get('/loyalty/:kind/new', async (request, reply) => {
    await kit.need(request, 'loyalty.edit');
    const kind = kindOf(request);
    if (!kind) return reply.callNotFound();
    const page = await formPage(request, kind, null, { priority: '0' }, null);
    return kit.render(request, reply, `New ${kind.singular}`, 'loyalty', page);
  });

  admin.get('/loyalty/:kind/:id', async (request, reply) => {
    await kit.need(request, 'loyalty.read');
    const kind = kindOf(request);
    const row = kind ? await catalogueRow(ctx.db, kind, idParam(request, 'id', 'integer')) : null;
    if (!kind || !row) return reply.callNotFound();
    const page = await formPage(request, kind, row, rowValues(kind, row), null);
    return kit.render(request, reply, `${kind.singular} ${row.sysname}`, 'loyalty', page);
  });

  const save = async (request: FastifyRequest, kind: TCatalogueKind, id: number | null) => {
    const form = formOf(kind, request.body);
    try {
      return { id: await saveCatalogueRow(ctx, kind, id, form, auditOf(request, kind)), problems: null };
    } catch (error) {
      const problems = problemsOf(error);
      if (!problems) throw error;
      return { id: null, problems, form };
    }
  };

  admin.post('/loyalty/:kind', async (request, reply) => {
    await kit.need(request, 'loyalty.edit');
    const kind = kindOf(request);
    if (!kind) return reply.callNotFound();
    const saved = await save(request, kind, null);
    if (saved.id !== null) return reply.redirect(`/admin/loyalty/${kind.id}/${saved.id}?ok=saved`, 303);
    const page = await formPage(request, kind, null, saved.form ?? {}, saved.problems);
    return kit.render(request, reply, `New ${kind.singular}`, 'loyalty', page, 422);
  });

  admin.post('/loyalty/:kind/:id', async (request, reply) => {
    await kit.need(request, 'loyalty.edit');
    const kind = kindOf(request);
    const row = kind ? await catalogueRow(ctx.db, kind, idParam(request, 'id', 'integer')) : null;
    if (!kind || !row) return reply.callNotFound();
    const saved = await save(request, kind, row.id);
    if (saved.id !== null) return reply.redirect(`/admin/loyalty/${kind.id}/${row.id}?ok=saved`, 303);
    // Create-only fields are not posted on an edit: show them as stored.
    const values = { ...rowValues(kind, row), ...saved.form };
    for (const f of kind.fields) if (f.createOnly) values[f.name] = rowValues(kind, row)[f.name] ?? '';
    const page = await formPage(request, kind, row, values, saved.problems);
    return kit.render(request, reply, `${kind.singular} ${row.sysname}`, 'loyalty', page, 422);
  });

  admin.post('/loyalty/:kind/:id/active', async (request, reply) => {
    await kit.need(request, 'loyalty.edit');
    const kind = kindOf(request);
    if (!kind) return reply.callNotFound();
    const id = idParam(request, 'id', 'integer');
    const back = `/admin/loyalty/${kind.id}/${id}`;
    return kit.act(reply, back, 'saved', async () => {
      const { active } = parseForm(ZActiveForm, request.body);
      await setCatalogueActive(ctx, kind, id, active === '1', auditOf(request, kind));
    });
  });

  admin.post('/loyalty/products/:id/stock', async (request, reply) => {
    await kit.need(request, 'loyalty.edit');
    const kind = catalogueKind('products') as TCatalogueKind;
    const id = idParam(request, 'id', 'integer');
    return kit.act(reply, `/admin/loyalty/products/${id}`, 'saved', () =>
      setProductStock(ctx, kind, id, parseForm(ZStockForm, request.body).stock, auditOf(request, kind)),
    );
  });

  admin.post('/loyalty/products/:id/orders/:order/delivered', async (request, reply) => {
    await kit.need(request, 'loyalty.edit');
    const id = idParam(request, 'id', 'integer');
    return kit.act(reply, `/admin/loyalty/products/${id}`, 'saved', () =>
      markDelivered(ctx, id, idParam(request, 'order'), async (tx, change) => {
        await recordAudit(tx, kit.actorOf(request), {
          action: change.action,
          target: { type: 'loyalty_order', id: change.id },
          before: change.before,
          after: change.after,
          at: ctx.providers.clock.now(),
        });
      }),
    );
  });
};
