import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAppContext } from '../platform/context.ts';
import { AppError } from '../platform/http/app-error.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { ADMIN_FEATURES } from './admin-areas.ts';
import { makeOperator, signInOperator } from './backoffice/backoffice-test-helpers.ts';
import { flashCodeOf, flashFrom } from './backoffice/flash.ts';
import { can, type TPermission } from './backoffice/permissions.ts';
import { createRouteKit } from './backoffice/route-kit.ts';
import { SHELL_AREAS } from './backoffice/routes.ts';
import { OPERATOR_ROLES, operatorAudit } from './backoffice/schema.ts';
import { SETTINGS_SECTIONS } from './metadata/admin/settings-sections.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/**
 * Every back-office route, with a path that reaches it and the permission it needs (null: a redirect to a screen
 * that checks). The first test compares this list with the routes the areas register, so a new route cannot be
 * added without its line here.
 */
type TRoute = [method: 'GET' | 'POST', route: string, path: string, permission: TPermission | null];
const ROUTES: TRoute[] = [
  ['GET', '/withdrawals', '/admin/withdrawals', 'withdrawals.review'],
  ['GET', '/withdrawals/export.csv', '/admin/withdrawals/export.csv', 'withdrawals.review'],
  ['POST', '/withdrawals/:wid/approve', '/admin/withdrawals/999999/approve', 'withdrawals.review'],
  ['GET', '/withdrawals/:wid/decline', '/admin/withdrawals/999999/decline', 'withdrawals.review'],
  ['POST', '/withdrawals/:wid/decline', '/admin/withdrawals/999999/decline', 'withdrawals.review'],
  ['GET', '/approvals', '/admin/approvals', 'approvals.read'],
  ['POST', '/approvals/:id/approve', '/admin/approvals/999999/approve', 'approvals.decide'],
  ['POST', '/approvals/:id/reject', '/admin/approvals/999999/reject', 'approvals.decide'],
  ['GET', '/approvals/limits', '/admin/approvals/limits', 'approvals.read'],
  ['POST', '/approvals/limits', '/admin/approvals/limits', 'limits.edit'],
  ['GET', '/players', '/admin/players', 'players.read'],
  ['GET', '/players/:id', '/admin/players/999999', 'players.read'],
  ['POST', '/players/:id/ban', '/admin/players/999999/ban', 'players.ban'],
  ['POST', '/players/:id/unban', '/admin/players/999999/unban', 'players.ban'],
  ['POST', '/players/:id/sessions/end', '/admin/players/999999/sessions/end', 'sessions.end'],
  ['POST', '/players/:id/loyalty-adjust', '/admin/players/999999/loyalty-adjust', 'adjustments.create'],
  ['POST', '/players/:id/adjust', '/admin/players/999999/adjust', 'adjustments.create'],
  ['POST', '/players/:id/bonuses/grant', '/admin/players/999999/bonuses/grant', 'bonuses.grant'],
  ['GET', '/players/:id/bonuses/:bid/cancel', '/admin/players/999999/bonuses/999999/cancel', 'bonuses.grant'],
  [
    'POST',
    '/players/:id/bonuses/:bid/cancel',
    '/admin/players/999999/bonuses/999999/cancel',
    'bonuses.grant',
  ],
  ['POST', '/players/:id/freespins/grant', '/admin/players/999999/freespins/grant', 'bonuses.grant'],
  ['GET', '/kyc', '/admin/kyc', 'kyc.read'],
  ['GET', '/kyc/documents/:docId', '/admin/kyc/documents/999999', 'kyc.read'],
  ['GET', '/kyc/:id', '/admin/kyc/999999', 'kyc.read'],
  ['POST', '/kyc/:id/approve', '/admin/kyc/999999/approve', 'kyc.review'],
  ['POST', '/kyc/:id/reject', '/admin/kyc/999999/reject', 'kyc.review'],
  ['POST', '/kyc/:id/documents/:docId/accept', '/admin/kyc/999999/documents/nope/accept', 'kyc.review'],
  ['POST', '/kyc/:id/documents/:docId/reject', '/admin/kyc/999999/documents/nope/reject', 'kyc.review'],
  ['GET', '/reports', '/admin/reports', 'reports.read'],
  ['GET', '/reports/export.csv', '/admin/reports/export.csv', 'reports.read'],
  ['POST', '/reports/recompute', '/admin/reports/recompute', 'reports.recompute'],
  ['GET', '/competitions', '/admin/competitions', 'competitions.read'],
  ['GET', '/competitions/tournaments/new', '/admin/competitions/tournaments/new', 'competitions.edit'],
  ['POST', '/competitions/tournaments', '/admin/competitions/tournaments', 'competitions.edit'],
  ['GET', '/competitions/tournaments/:id', '/admin/competitions/tournaments/999999', 'competitions.read'],
  [
    'GET',
    '/competitions/tournaments/:id/edit',
    '/admin/competitions/tournaments/999999/edit',
    'competitions.edit',
  ],
  ['POST', '/competitions/tournaments/:id', '/admin/competitions/tournaments/999999', 'competitions.edit'],
  [
    'POST',
    '/competitions/tournaments/:id/cancel',
    '/admin/competitions/tournaments/999999/cancel',
    'competitions.edit',
  ],
  ['GET', '/competitions/jackpots', '/admin/competitions/jackpots', 'competitions.read'],
  ['GET', '/competitions/jackpots/new', '/admin/competitions/jackpots/new', 'competitions.edit'],
  ['POST', '/competitions/jackpots', '/admin/competitions/jackpots', 'competitions.edit'],
  ['GET', '/competitions/jackpots/:id', '/admin/competitions/jackpots/999999', 'competitions.edit'],
  ['POST', '/competitions/jackpots/:id', '/admin/competitions/jackpots/999999', 'competitions.edit'],
  ['GET', '/sportsbook', '/admin/sportsbook', 'sportsbook.read'],
  ['GET', '/sportsbook/events/:eventId', '/admin/sportsbook/events/nope', 'sportsbook.read'],
  ...(['suspend', 'resume', 'settle', 'void'] as const).map(
    (a): TRoute => [
      'POST',
      `/sportsbook/events/:eventId/markets/${a}`,
      `/admin/sportsbook/events/nope/markets/${a}`,
      'sportsbook.markets',
    ],
  ),
  ['GET', '/sportsbook/bets', '/admin/sportsbook/bets', 'sportsbook.read'],
  ['GET', '/sportsbook/bets.csv', '/admin/sportsbook/bets.csv', 'sportsbook.read'],
  ['GET', '/sportsbook/limits', '/admin/sportsbook/limits', 'sportsbook.read'],
  ['POST', '/sportsbook/limits', '/admin/sportsbook/limits', 'sportsbook.limits'],
  ['GET', '/sportsbook/debts', '/admin/sportsbook/debts', 'sportsbook.read'],
  ['GET', '/sportsbook/players/:id', '/admin/sportsbook/players/999999', 'sportsbook.read'],
  [
    'POST',
    '/sportsbook/players/:id/stake-factor',
    '/admin/sportsbook/players/999999/stake-factor',
    'sportsbook.limits',
  ],
  ['GET', '/settings', '/admin/settings', 'settings.read'],
  ...SETTINGS_SECTIONS.flatMap((section): TRoute[] => [
    ['GET', '/settings/:id', `/admin/settings/${section.id}`, 'settings.read'],
    ['POST', '/settings/:id', `/admin/settings/${section.id}`, section.permission],
  ]),
  ['GET', '/loyalty', '/admin/loyalty', 'loyalty.read'],
  ['GET', '/loyalty/:kind', '/admin/loyalty/products', 'loyalty.read'],
  ['GET', '/loyalty/:kind/new', '/admin/loyalty/levels/new', 'loyalty.edit'],
  ['GET', '/loyalty/:kind/:id', '/admin/loyalty/levels/999999', 'loyalty.read'],
  ['POST', '/loyalty/:kind', '/admin/loyalty/levels', 'loyalty.edit'],
  ['POST', '/loyalty/:kind/:id', '/admin/loyalty/levels/999999', 'loyalty.edit'],
  ['POST', '/loyalty/:kind/:id/active', '/admin/loyalty/levels/999999/active', 'loyalty.edit'],
  ['POST', '/loyalty/products/:id/stock', '/admin/loyalty/products/999999/stock', 'loyalty.edit'],
  [
    'POST',
    '/loyalty/products/:id/orders/:order/delivered',
    '/admin/loyalty/products/999999/orders/999999/delivered',
    'loyalty.edit',
  ],
  ['GET', '/operators', '/admin/operators', 'operators.manage'],
  ['POST', '/operators/:id/role', '/admin/operators/999999/role', 'operators.manage'],
  ['POST', '/operators/:id/status', '/admin/operators/999999/status', 'operators.manage'],
  ['POST', '/operators', '/admin/operators', 'operators.manage'],
  ['POST', '/operators/:id/reset-password', '/admin/operators/999999/reset-password', 'operators.manage'],
  ['POST', '/operators/:id/reset-totp', '/admin/operators/999999/reset-totp', 'operators.manage'],
  ['GET', '/audit', '/admin/audit', 'audit.read'],
  ['GET', '/audit/export.csv', '/admin/audit/export.csv', 'audit.read'],
  // The platform's jobs queue (a shell area, docs/decisions/063).
  ['GET', '/jobs', '/admin/jobs', 'jobs.read'],
  ['POST', '/jobs/:id/retry', '/admin/jobs/999999/retry', 'jobs.retry'],
  // The player CRM (crm module): the list's export, segments, bulk actions, a player's notes, tags, flags, rounds.
  ['GET', '/players/export.csv', '/admin/players/export.csv?country=ZZ', 'players.export'],
  ['POST', '/players/segments', '/admin/players/segments', 'crm.edit'],
  ['POST', '/players/segments/:id/delete', '/admin/players/segments/999999/delete', 'crm.edit'],
  ['POST', '/players/bulk/tag', '/admin/players/bulk/tag', 'crm.edit'],
  ['POST', '/players/bulk/message', '/admin/players/bulk/message', 'crm.edit'],
  ['POST', '/players/bulk/bonus', '/admin/players/bulk/bonus', 'bonuses.grant'],
  ['GET', '/players/:id/rounds', '/admin/players/999999/rounds', 'rounds.read'],
  ['POST', '/players/:id/notes', '/admin/players/999999/notes', 'crm.edit'],
  ['POST', '/players/:id/tags', '/admin/players/999999/tags', 'crm.edit'],
  ['POST', '/players/:id/tags/remove', '/admin/players/999999/tags/remove', 'crm.edit'],
  ['POST', '/players/:id/flags', '/admin/players/999999/flags', 'crm.edit'],
  ['POST', '/players/:id/flags/clear', '/admin/players/999999/flags/clear', 'crm.edit'],
  ['GET', '/promotions', '/admin/promotions', 'promotions.read'],
  ['GET', '/promotions/templates/:id', '/admin/promotions/templates/999999', 'promotions.read'],
  ['POST', '/promotions/templates/:id', '/admin/promotions/templates/999999', 'promotions.edit'],
  ['GET', '/promotions/templates/new', '/admin/promotions/templates/new', 'promotions.edit'],
  ['POST', '/promotions/templates', '/admin/promotions/templates', 'promotions.edit'],
  ['POST', '/promotions/templates/:id/copy', '/admin/promotions/templates/999999/copy', 'promotions.edit'],
  [
    'POST',
    '/promotions/templates/:id/retire',
    '/admin/promotions/templates/999999/retire',
    'promotions.edit',
  ],
  ['GET', '/promotions/wagering', '/admin/promotions/wagering', 'promotions.read'],
  ['POST', '/promotions/wagering', '/admin/promotions/wagering', 'settings.edit'],
  [
    'POST',
    '/promotions/wagering/:jurisdiction/remove',
    '/admin/promotions/wagering/mt/remove',
    'settings.edit',
  ],
  ['GET', '/promotions/codes', '/admin/promotions/codes', 'promotions.read'],
  ['POST', '/promotions/codes', '/admin/promotions/codes', 'promotions.edit'],
  ['POST', '/promotions/codes/batch', '/admin/promotions/codes/batch', 'promotions.edit'],
  ['GET', '/promotions/codes/batch.csv', '/admin/promotions/codes/batch.csv?batch=none', 'promotions.read'],
  ['POST', '/promotions/codes/batch/off', '/admin/promotions/codes/batch/off', 'promotions.edit'],
  ['GET', '/promotions/codes/:id', '/admin/promotions/codes/999999', 'promotions.read'],
  ['POST', '/promotions/codes/:id/amount', '/admin/promotions/codes/999999/amount', 'promotions.edit'],
  ['POST', '/promotions/codes/:id/on', '/admin/promotions/codes/999999/on', 'promotions.edit'],
  ['POST', '/promotions/codes/:id/off', '/admin/promotions/codes/999999/off', 'promotions.edit'],
  ['GET', '/promotions/cashback', '/admin/promotions/cashback', 'promotions.read'],
  ['GET', '/promotions/cashback/new', '/admin/promotions/cashback/new', 'promotions.edit'],
  ['POST', '/promotions/cashback', '/admin/promotions/cashback', 'promotions.edit'],
  ['GET', '/promotions/cashback/:id', '/admin/promotions/cashback/999999', 'promotions.read'],
  ['POST', '/promotions/cashback/:id', '/admin/promotions/cashback/999999', 'promotions.edit'],
  ['GET', '/promotions/popups', '/admin/promotions/popups', 'promotions.read'],
  ['GET', '/promotions/popups/:id', '/admin/promotions/popups/999999', 'promotions.read'],
  ['POST', '/promotions/popups/:id', '/admin/promotions/popups/999999', 'promotions.edit'],
  ['GET', '/promotions/popups/new', '/admin/promotions/popups/new', 'promotions.edit'],
  ['POST', '/promotions/popups', '/admin/promotions/popups', 'promotions.edit'],
  ['POST', '/promotions/popups/:id/copy', '/admin/promotions/popups/999999/copy', 'promotions.edit'],
  ['POST', '/promotions/popups/:id/retire', '/admin/promotions/popups/999999/retire', 'promotions.edit'],
  ['GET', '/promotions/offers', '/admin/promotions/offers', 'promotions.read'],
  ['GET', '/promotions/offers/new', '/admin/promotions/offers/new', 'promotions.edit'],
  ['POST', '/promotions/offers', '/admin/promotions/offers', 'promotions.edit'],
  ['GET', '/promotions/offers/:id', '/admin/promotions/offers/999999', 'promotions.read'],
  ['POST', '/promotions/offers/:id', '/admin/promotions/offers/999999', 'promotions.edit'],
  ['POST', '/promotions/offers/:id/copy', '/admin/promotions/offers/999999/copy', 'promotions.edit'],
  ['GET', '/promotions/offers/:id/retire', '/admin/promotions/offers/999999/retire', 'promotions.edit'],
  ['POST', '/promotions/offers/:id/retire', '/admin/promotions/offers/999999/retire', 'promotions.edit'],
  ['GET', '/promotions/banners', '/admin/promotions/banners', 'promotions.read'],
  ['GET', '/promotions/banners/:locale/:slot', '/admin/promotions/banners/en/nope', 'promotions.read'],
  ['POST', '/promotions/banners/:locale/:slot', '/admin/promotions/banners/en/nope', 'promotions.edit'],
  ['POST', '/promotions/banners/:locale', '/admin/promotions/banners/en', 'promotions.edit'],
  [
    'POST',
    '/promotions/banners/:locale/:slot/copy',
    '/admin/promotions/banners/en/nope/copy',
    'promotions.edit',
  ],
  ['POST', '/promotions/banners/:locale/:slot/up', '/admin/promotions/banners/en/nope/up', 'promotions.edit'],
  [
    'POST',
    '/promotions/banners/:locale/:slot/down',
    '/admin/promotions/banners/en/nope/down',
    'promotions.edit',
  ],
  [
    'POST',
    '/promotions/banners/:locale/:slot/remove',
    '/admin/promotions/banners/en/nope/remove',
    'promotions.edit',
  ],
  ['GET', '/games', '/admin/games', 'games.read'],
  ['GET', '/games/categories', '/admin/games/categories', 'games.read'],
  ['POST', '/games/categories', '/admin/games/categories', 'games.edit'],
  ['GET', '/games/:sysname', '/admin/games/sparkrush_dice_duel', 'games.read'],
  ['POST', '/games/:sysname/visibility', '/admin/games/sparkrush_dice_duel/visibility', 'games.edit'],
  ['POST', '/games/:sysname/contribution', '/admin/games/sparkrush_dice_duel/contribution', 'games.edit'],
  ['POST', '/games/:sysname/jackpots/:id', '/admin/games/sparkrush_dice_duel/jackpots/999999', 'games.edit'],
  ['GET', '/content', '/admin/content', 'content.read'],
  ['GET', '/content/pages', '/admin/content/pages', null],
  ['POST', '/content/pages', '/admin/content/pages', 'content.edit'],
  ['GET', '/content/pages/:slug/:locale', '/admin/content/pages/nope/en', 'content.read'],
  ['POST', '/content/pages/:slug/:locale', '/admin/content/pages/nope/en', 'content.edit'],
  ['POST', '/content/pages/:slug/hide', '/admin/content/pages/nope/hide', 'content.edit'],
  ['POST', '/content/pages/:slug/show', '/admin/content/pages/nope/show', 'content.edit'],
  ['POST', '/content/images', '/admin/content/images', 'content.edit'],
  ['GET', '/content/translations', '/admin/content/translations', 'content.read'],
  ['GET', '/content/translations/missing', '/admin/content/translations/missing', null],
  ['GET', '/content/translations/:locale/missing', '/admin/content/translations/en/missing', 'content.read'],
  ['POST', '/content/translations/:locale/save', '/admin/content/translations/en/save', 'content.edit'],
  ['POST', '/content/translations/:locale/remove', '/admin/content/translations/en/remove', 'content.edit'],
  ['GET', '/content/faq', '/admin/content/faq', 'content.read'],
  ['POST', '/content/faq/:locale/add', '/admin/content/faq/en/add', 'content.edit'],
  ['POST', '/content/faq/:locale/:id', '/admin/content/faq/en/nope', 'content.edit'],
  ['POST', '/content/faq/:locale/:id/move', '/admin/content/faq/en/nope/move', 'content.edit'],
  ['POST', '/content/faq/:locale/:id/remove', '/admin/content/faq/en/nope/remove', 'content.edit'],
];

/** What the areas register (HEAD aside), as `METHOD route` under the /admin prefix. */
const registeredRoutes = async (ctx: TAppContext) => {
  const recorder = Fastify();
  const routes: string[] = [];
  recorder.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  const kit = createRouteKit(ctx, ADMIN_FEATURES.counters);
  for (const area of [...SHELL_AREAS, ...ADMIN_FEATURES.areas]) area(recorder, kit, ctx);
  await recorder.ready();
  await recorder.close();
  return routes;
};

describe('roles', () => {
  it('know every route the back-office registers, each with its permission', async () => {
    const listed = [...new Set(ROUTES.map(([method, route]) => `${method} ${route}`))];
    expect((await registeredRoutes(t.app.ctx)).sort()).toEqual(listed.sort());
  });

  it('give each role exactly its screens and actions, and its navigation', async () => {
    for (const role of OPERATOR_ROLES) {
      const client = await signInOperator(t.app, t.clock, await makeOperator(t.app, role));
      for (const [method, , path, permission] of ROUTES) {
        const response = method === 'GET' ? await client.get(path) : await client.post(path, {});
        // Allowed: anything but a refusal or a server error (a missing id is a 404 or a flash); a redirect route
        // sends every role on.
        const seen =
          permission === null
            ? response.statusCode
            : response.statusCode === 403
              ? 'refused'
              : response.statusCode < 500
                ? 'served'
                : response.statusCode;
        const expected = permission === null ? 303 : can(role, permission) ? 'served' : 'refused';
        expect([role, method, path, seen]).toEqual([role, method, path, expected]);
      }
      const screens = ROUTES.filter(
        (r): r is [TRoute[0], string, string, TPermission] =>
          r[0] === 'GET' && r[3] !== null && !r[2].includes('.csv') && r[2].split('/').length === 3,
      );
      const nav = (await client.get(screens.find(([, , , p]) => can(role, p))?.[2] ?? '/admin')).body;
      for (const [, , path, permission] of screens)
        expect([role, path, nav.includes(`<li><a href="${path}"`)]).toEqual([
          role,
          path,
          can(role, permission),
        ]);
    }
  }, 600_000);

  it('the auditor changes nothing: no action needs a permission it holds, and it reads every screen', () => {
    for (const [method, route, , permission] of ROUTES)
      if (method === 'POST' && permission)
        expect([route, can('auditor', permission)]).toEqual([route, false]);
    for (const [method, route, , permission] of ROUTES)
      if (method === 'GET' && permission?.endsWith('.read'))
        expect([route, can('auditor', permission)]).toEqual([route, true]);
  });

  it('lets an admin change a role and disable an operator, audited with before and after; never their own', async () => {
    const admin = await makeOperator(t.app, 'admin');
    const client = await signInOperator(t.app, t.clock, admin);
    const other = await makeOperator(t.app, 'support');
    const otherClient = await signInOperator(t.app, t.clock, other);
    const page = await client.get('/admin/operators');
    expect(page.body).toContain(`data-operator="${other.id}"`);
    const changed = await client.post(`/admin/operators/${other.id}/role`, { role: 'marketing' });
    expect(changed.headers.location).toBe('/admin/operators?ok=role_changed');
    // The open session follows the new role at once.
    expect((await otherClient.get('/admin/reports')).statusCode).toBe(200);
    expect((await otherClient.get('/admin/kyc')).statusCode).toBe(403);
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'operator.role'), eq(operatorAudit.targetId, String(other.id))));
    expect([audit?.before, audit?.after]).toEqual([{ role: 'support' }, { role: 'marketing' }]);
    expect((await client.post(`/admin/operators/${other.id}/role`, { role: 'root' })).headers.location).toBe(
      '/admin/operators?error=role_wrongField',
    );
    expect(
      (await client.post(`/admin/operators/${admin.id}/role`, { role: 'support' })).headers.location,
    ).toBe('/admin/operators?error=id_self');
    await client.post(`/admin/operators/${other.id}/status`, { status: 'disabled' });
    expect((await otherClient.get('/admin/reports')).headers.location).toBe('/admin/login');
    const [disabled] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'operator.status'), eq(operatorAudit.targetId, String(other.id))));
    expect([disabled?.before, disabled?.after]).toEqual([{ status: 'active' }, { status: 'disabled' }]);
  });
});

describe('flash messages', () => {
  const textOf = (kind: 'ok' | 'error', code: string, path: string) =>
    flashFrom({ [kind]: code }, path)?.text;

  it('word a code two features share in each one’s words on its own pages', () => {
    const messages = ADMIN_FEATURES.messages;
    for (const [i, earlier] of messages.entries())
      for (const later of messages.slice(i + 1))
        for (const kind of ['ok', 'errors'] as const)
          for (const [code, text] of Object.entries(earlier[kind] ?? {})) {
            const other = later[kind]?.[code];
            if (other === undefined || other === text) continue;
            // Both scoped, to different pages: each shows its own words there.
            expect([code, earlier.under, later.under].every(Boolean)).toBe(true);
            expect([code, earlier.under === later.under]).toEqual([code, false]);
            expect(textOf(kind === 'ok' ? 'ok' : 'error', code, `${earlier.under}/x`)).toBe(text);
            expect(textOf(kind === 'ok' ? 'ok' : 'error', code, `${later.under}/x`)).toBe(other);
          }
    expect(textOf('error', 'title_requiredField', '/admin/promotions/banners')).toBe('Enter a title.');
    expect(textOf('error', 'title_requiredField', '/admin/promotions/popups/1')).toBe('Enter a title.');
    expect(textOf('error', 'title_requiredField', '/admin/content')).toBe('Give the page a title.');
    expect(textOf('error', 'priority_wrongField', '/admin/promotions/popups/1')).toBe(
      'The priority is a whole number from -1000 to 1000.',
    );
    expect(textOf('error', 'priority_wrongField', '/admin/games/categories')).toBe(
      'Each order is a whole number from 0 to 100000: nothing changed.',
    );
    // A prefix is a whole path segment; another page shows the later feature's words.
    expect(textOf('error', 'title_requiredField', '/admin/promotionsx')).toBe('Give the page a title.');
    expect(textOf('error', 'locale_wrongField', '/admin/players/1')).toBe('There is no such language.');
  });

  it('name a refusal by the kind a feature registers, else by its field, else failed', () => {
    expect(flashCodeOf(new AppError('WithdrawalDeclinedException', { reason: 'not_pending' }))).toBe(
      'not_pending',
    );
    expect(flashCodeOf(new AppError('ApplicationUnavailableException'))).toBe('unavailable');
    expect(flashCodeOf(new AppError('AccessDeniedException', { reason: 'verification_decided' }))).toBe(
      'kyc_not_pending',
    );
    expect(flashCodeOf(new AppError('AccessDeniedException', { reason: 'other' }))).toBe('failed');
    const invalid = (field: string, code: string) =>
      flashCodeOf(new AppError('InvalidParameterException', { invalid_parameters: { [field]: code } }));
    expect(invalid('factor', 'wrongField')).toBe('factor_wrongField');
    expect(invalid('reason', 'minLength')).toBe('reason_minLength');
    expect(invalid('factor', 'nope')).toBe('failed');
    expect(flashCodeOf(new Error('not an AppError'))).toBe('failed');
  });

  it('show the page’s words in the page (the route kit passes its path)', async () => {
    const client = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    const banners = await client.get('/admin/promotions/banners?error=title_requiredField');
    expect(banners.body).toContain('Enter a title.');
    const content = await client.get('/admin/content?error=title_requiredField');
    expect(content.body).toContain('Give the page a title.');
    expect((await client.get('/admin/withdrawals?ok=approved')).body).toContain(
      'Withdrawal approved: the money is paid out.',
    );
  });
});
