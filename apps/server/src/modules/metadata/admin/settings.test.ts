import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRedirect } from '../../../../../web/app/lib/site/redirects.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { getSetting } from '../settings-service.ts';
import { testRedirect } from './redirect-tester.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const auditOf = (section: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, 'settings.update'), eq(operatorAudit.targetId, section)));

describe('site settings', () => {
  it('lists every section content/ seeds', async () => {
    const page = await admin.get('/admin/settings');
    expect(page.statusCode).toBe(200);
    for (const title of [
      'Feature flags',
      'Balance refresh',
      'Validators',
      'General info',
      'Registration',
      'Chat',
      'Analytics ids',
      'Runtime config',
      'Redirects',
      'SEO',
      'Robots',
      'Custom code',
    ])
      expect(page.body).toContain(`>${title}</a>`);
  });

  it('turns a feature flag off: stored, served by metadata.get, audited with before and after', async () => {
    const page = await admin.get('/admin/settings/features');
    expect(page.body).toContain('name="isLoyaltyEnable" value="1" checked');
    const flags = [...page.body.matchAll(/name="(\w+)" value="1" checked/g)].map((m) => m[1] ?? '');
    const form: Record<string, string> = { _form: 'flags' };
    for (const flag of flags) if (flag !== 'isLoyaltyEnable') form[flag] = '1';
    const saved = await admin.post('/admin/settings/features', form);
    expect(saved.headers.location).toBe('/admin/settings/features?ok=saved');
    const stored = (await getSetting(t.app.ctx.db, 'site-config')) as {
      features: Record<string, boolean>;
      private: unknown;
    };
    expect(stored.features.isLoyaltyEnable).toBe(false);
    expect(stored.features.isTwoFAEnable).toBe(true);
    expect(stored.private).toBeDefined(); // the rest of the setting is kept
    const served = await apiClient(t.app).get('metadata.get');
    expect(served.data.features.isLoyaltyEnable).toBe(false);
    const [audit] = await auditOf('features');
    type TAudited = { value: Record<string, boolean> } | null | undefined;
    expect((audit?.before as TAudited)?.value.isLoyaltyEnable).toBe(true);
    expect((audit?.after as TAudited)?.value.isLoyaltyEnable).toBe(false);
  });

  it('checks a change against the contract and shows what is wrong, storing nothing', async () => {
    const bad = await admin.post('/admin/settings/balance', {
      _form: 'fields',
      countSecondsForInterval: 'ten',
      countMinutesAfterWhichRequestsTurnedOff: '-5',
      countSecondsForDelayBetweenClick: '1',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Not saved');
    // In an operator's words, not zod's ("Invalid input: expected number, received string").
    expect(bad.body).toContain('countSecondsForInterval: enter a number');
    expect(bad.body).toContain('countMinutesAfterWhichRequestsTurnedOff: more than 0');
    expect(bad.body).not.toContain('Invalid input');
    const huge = await admin.post('/admin/settings/balance', {
      _form: 'fields',
      countSecondsForInterval: '99999999999999999999999',
      countMinutesAfterWhichRequestsTurnedOff: '1.5',
      countSecondsForDelayBetweenClick: '1',
    });
    expect(huge.body).toContain('countSecondsForInterval: the number is too large');
    expect(huge.body).toContain('countMinutesAfterWhichRequestsTurnedOff: enter a whole number');
    expect(huge.body).not.toContain('9007199254740991');
    const json = await admin.post('/admin/settings/chat', { _form: 'json', json: '{"chat": "verbox", ' });
    expect(json.statusCode).toBe(422);
    expect(json.body).toContain('The JSON does not parse');
    expect(json.body).toContain('{&quot;chat&quot;: &quot;verbox&quot;, </textarea>');
    const wrong = await admin.post('/admin/settings/chat', {
      _form: 'json',
      json: '{"chat": "icq", "settings": {}}',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('chat: ');
    expect(((await getSetting(t.app.ctx.db, 'chat')) as { chat: string }).chat).toBe('');
    expect(await auditOf('chat')).toEqual([]);
  });

  it("raises the password's minimum length in the validator config, which registration then holds to", async () => {
    const stored = (await getSetting(t.app.ctx.db, 'site-config')) as {
      validatorConfig: { field: string; params?: Record<string, unknown> }[];
    };
    const raised = stored.validatorConfig.map((entry) =>
      entry.field === 'password' ? { ...entry, params: { ...entry.params, min: 12 } } : entry,
    );
    const saved = await admin.post('/admin/settings/validators', {
      _form: 'json',
      json: JSON.stringify(raised),
    });
    expect(saved.headers.location).toBe('/admin/settings/validators?ok=saved');
    const register = (password: string) =>
      apiClient(t.app).post('auth.register', {
        terms: '1',
        email: `min${password.length}@example.com`,
        password,
      });
    const short = await register('kx7-wq2p-z');
    expect(short.error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { password: 'shortPassword' }, min_length: 12 },
    });
    expect((await register('kx7-wq2p-zz-q')).error).toBeNull();
    await admin.post('/admin/settings/validators', {
      _form: 'json',
      json: JSON.stringify(stored.validatorConfig),
    });
  });

  it('edits general info as a form: forced logout and inactivity times', async () => {
    const page = await admin.get('/admin/settings/general');
    expect(page.body).toContain('name="time_to_force_logout"');
    const form: Record<string, string> = { _form: 'fields' };
    for (const m of page.body.matchAll(
      /<input id="s-(\w+)" name="\w+" (?:inputmode="numeric" )?value="([^"]*)"/g,
    ))
      form[m[1] ?? ''] = m[2] ?? '';
    for (const m of page.body.matchAll(/name="(\w+)" value="1" checked/g)) form[m[1] ?? ''] = '1';
    form.time_to_force_logout = '3600';
    form.is_bonus_isolation_enabled = '1';
    expect((await admin.post('/admin/settings/general', form)).statusCode).toBe(303);
    const info = (await apiClient(t.app).get('metadata.getgeneralinfo')).data;
    expect(info.time_to_force_logout).toBe(3600);
    expect(info.is_bonus_isolation_enabled).toBe(true);
    expect(info.user_inactivity_pp_time).toBe(900);
  });

  it('edits redirects, refuses broken rows, and tests a path', async () => {
    const broken = await admin.post('/admin/settings/redirects', {
      _form: 'redirects',
      from_url: ['casino', '/a/*/*'],
      to_url: ['/gamehall', 'javascript:alert(1)'],
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.body).toContain('row 1: “from” must be a path starting with /');
    expect(broken.body).toContain('row 2: “to” must be a path starting with / or an http(s) address');
    const saved = await admin.post('/admin/settings/redirects', {
      _form: 'redirects',
      from_url: ['/casino', '/old-promos/*', ''],
      to_url: ['/gamehall', '/promotions/*', ''],
    });
    expect(saved.statusCode).toBe(303);
    expect(await getSetting(t.app.ctx.db, 'redirects')).toEqual([
      { from_url: '/casino', to_url: '/gamehall' },
      { from_url: '/old-promos/*', to_url: '/promotions/*' },
    ]);
    const tested = await admin.get('/admin/settings/redirects?test=%2Fold-promos%2Fspring%3Fx%3D1');
    expect(tested.body).toContain(
      '→ <strong><code>/promotions/spring</code></strong> <span class="muted">(row 2)</span>',
    );
    const none = await admin.get('/admin/settings/redirects?test=%2Fsupport');
    expect(none.body).toContain('no redirect: the site serves the page itself');
  });

  it('asks before a save of empty rows removes every redirect', async () => {
    const rows = [
      { from_url: '/casino', to_url: '/gamehall' },
      { from_url: '/old', to_url: '/new' },
    ];
    const kept = await admin.post('/admin/settings/redirects', {
      _form: 'redirects',
      from_url: rows.map((r) => r.from_url),
      to_url: rows.map((r) => r.to_url),
    });
    expect(kept.statusCode).toBe(303);
    const audits = (await auditOf('redirects')).length;
    // The same rows again (the database keeps its own key order): nothing written, nothing audited.
    const same = await admin.post('/admin/settings/redirects', {
      _form: 'redirects',
      from_url: rows.map((r) => r.from_url),
      to_url: rows.map((r) => r.to_url),
    });
    expect(same.statusCode).toBe(303);
    expect(await auditOf('redirects')).toHaveLength(audits);
    const asked = await admin.post('/admin/settings/redirects', {
      _form: 'redirects',
      from_url: ['', ''],
      to_url: ['', ''],
    });
    expect(asked.statusCode).toBe(422);
    expect(asked.body).toContain('This removes every redirect (all 2)');
    expect(asked.body).toContain('name="confirm_clear" value="1" required');
    expect(await getSetting(t.app.ctx.db, 'redirects')).toEqual(rows);
    expect(await auditOf('redirects')).toHaveLength(audits);
    const cleared = await admin.post('/admin/settings/redirects', {
      _form: 'redirects',
      from_url: ['', ''],
      to_url: ['', ''],
      confirm_clear: '1',
    });
    expect(cleared.statusCode).toBe(303);
    expect(await getSetting(t.app.ctx.db, 'redirects')).toEqual([]);
    expect(await auditOf('redirects')).toHaveLength(audits + 1);
    // Nothing left to remove: an empty save asks nothing.
    const again = await admin.post('/admin/settings/redirects', {
      _form: 'redirects',
      from_url: [''],
      to_url: [''],
    });
    expect(again.statusCode).toBe(303);
  });

  it('tests paths exactly as the site redirects them', () => {
    const rules = [
      { from_url: '/casino/', to_url: '/gamehall' },
      { from_url: '/bonus/*', to_url: '/promotions' },
      { from_url: '/go/*', to_url: 'https://example.com/*' },
      { from_url: '/a.b', to_url: '/dot' },
    ];
    for (const path of ['/casino', '/casino/', '/bonus/x/y', '/bonus', '/go/z', '/aXb', '/a.b', '/none'])
      expect(testRedirect(path, rules)?.target, path).toBe(matchRedirect(path, rules, ''));
  });

  it('gives each role its sections: marketing edits SEO and redirects only; the auditor reads', async () => {
    const marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
    expect((await marketing.post('/admin/settings/features', { _form: 'flags' })).statusCode).toBe(403);
    expect(
      (
        await marketing.post('/admin/settings/analytics', {
          _form: 'fields',
          tagId: 'G-123',
          tagManagerId: '',
          webAnalyticsId: '',
          metricsId: '',
        })
      ).statusCode,
    ).toBe(303);
    expect(
      ((await getSetting(t.app.ctx.db, 'site-config')) as { analytics: { tagId: string } }).analytics.tagId,
    ).toBe('G-123');
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const page = await auditor.get('/admin/settings/features');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your role may read these settings, not change them.');
    expect(page.body).not.toContain('>Save</button>');
    expect((await auditor.post('/admin/settings/features', { _form: 'flags' })).statusCode).toBe(403);
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/settings')).statusCode).toBe(403);
    expect((await admin.get('/admin/settings/nope')).statusCode).toBe(404);
  });
});
