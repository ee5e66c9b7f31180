/**
 * Issue 40 (ADR 066): the SEO and chat settings edited as forms — fields checked by zod, refused with the problem by
 * name and nothing stored, saved with an audit row, each by the role it belongs to — and the SEO lookup the site's
 * pages read answering the change.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { getSetting } from '../settings-service.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
let support: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const auditOf = (section: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, 'settings.update'), eq(operatorAudit.targetId, section)));

const SEO = {
  _form: 'seo',
  default_title: 'Spring Casino',
  default_description: 'Spring offers every day.',
  default_keywords: 'casino, spring',
  default_image: '/icons/icon-512.png',
  canonical_url: 'https://casino.example',
  org_name: 'Spring Casino Ltd',
  org_url: '/',
  org_logo: '/icons/icon-512.png',
  org_email: 'help@casino.example',
  org_same_as: 'https://x.example/casino https://social.example/casino',
  product_name: 'Spring Casino',
  product_description: 'Slots and sports',
  product_brand: 'Spring',
  meta_name: ['format-detection', 'google-site-verification', ''],
  meta_content: ['telephone=no', 'abc123', ''],
  icon_rel: ['icon', 'apple-touch-icon', ''],
  icon_type: ['image/svg+xml', '', ''],
  icon_sizes: ['', '180x180', ''],
  icon_href: ['/favicon.svg', '/icons/apple-touch-icon.png', ''],
  faq_question: ['Is it fair?', ''],
  faq_answer: ['Every game is provably fair.', ''],
  breadcrumbs: '1',
};

describe('the SEO settings as a form', () => {
  it('shows fields, not JSON; saves them (audited); the lookup the pages read answers them', async () => {
    const page = await marketing.get('/admin/settings/seo');
    expect(page.body).toContain('id="seo-default_title"');
    expect(page.body).toContain('name="meta_name"');
    expect(page.body).not.toContain('name="json"');

    const saved = await marketing.post('/admin/settings/seo', SEO);
    expect(saved.headers.location).toBe('/admin/settings/seo?ok=saved');
    const stored = (await getSetting(t.app.ctx.db, 'seo')) as Record<string, unknown>;
    expect(stored).toMatchObject({
      default: {
        title: 'Spring Casino',
        description: 'Spring offers every day.',
        keywords: 'casino, spring',
      },
      canonicalUrl: 'https://casino.example',
      organization: {
        name: 'Spring Casino Ltd',
        sameAs: ['https://x.example/casino', 'https://social.example/casino'],
      },
      meta: [
        { name: 'format-detection', content: 'telephone=no' },
        { name: 'google-site-verification', content: 'abc123' },
      ],
      favicons: [
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png', sizes: '180x180' },
      ],
      faq: [{ question: 'Is it fair?', answer: 'Every game is provably fair.' }],
      breadcrumbs: true,
    });
    // The robots rules and the domains, which the form does not show, stay as they were.
    expect((stored.robots as { meta: string }).meta).toBe('index, follow');
    expect(stored.domains).toEqual({});
    const [audit] = await auditOf('seo');
    expect(audit?.after).toMatchObject({ value: { default: { title: 'Spring Casino' } } });

    const lookup = await t.app.inject('/nfx/seo?host=casino.example');
    expect(lookup.json()).toMatchObject({
      default: { title: 'Spring Casino' },
      canonicalUrl: 'https://casino.example',
    });
  });

  it('refuses bad fields by name, nothing stored; support may not save', async () => {
    for (const [change, problem] of [
      [{ default_title: '' }, 'default title: required'],
      [
        { canonical_url: 'https://casino.example/path' },
        'canonical url: an address like https://casino.example',
      ],
      [{ org_email: 'not-mail' }, 'org email: an e-mail address'],
      [{ default_image: 'javascript:alert(1)' }, 'default image: a path starting with /'],
      [{ icon_rel: ['stylesheet', '', ''] }, 'favicon: “stylesheet” is not icon'],
      [{ meta_name: ['description', '', ''] }, 'meta: “description” has its own field'],
      [{ faq_answer: ['', ''] }, 'faq: each question needs its answer'],
      [{ org_same_as: 'http://x.example' }, 'org same as: “http://x.example” is not an https address'],
    ] as [Record<string, string | string[]>, string][]) {
      const refused = await marketing.post('/admin/settings/seo', {
        ...SEO,
        default_title: 'Changed',
        ...change,
      });
      expect([problem, refused.statusCode]).toEqual([problem, 422]);
      expect(refused.body).toContain(problem.split(':')[0] ?? '');
    }
    expect(((await getSetting(t.app.ctx.db, 'seo')) as { default: { title: string } }).default.title).toBe(
      'Spring Casino',
    );
    expect((await support.post('/admin/settings/seo', SEO)).statusCode).toBe(403);
    expect(await auditOf('seo')).toHaveLength(1);
  });
});

describe('the chat settings as a form', () => {
  it('picks the live provider and its fields (audited); refuses an http script and an unknown provider', async () => {
    const page = await admin.get('/admin/settings/chat');
    expect(page.body).toContain('name="chat"');
    expect(page.body).toContain('name="tawk__propertyId"');
    const stored = (await getSetting(t.app.ctx.db, 'chat')) as {
      settings: Record<string, Record<string, unknown>>;
    };
    const form: Record<string, string> = { _form: 'chat', chat: 'tawk' };
    for (const [provider, values] of Object.entries(stored.settings))
      for (const [key, value] of Object.entries(values)) form[`${provider}__${key}`] = String(value);
    form.tawk__propertyId = '64f0c0ffee';

    expect((await marketing.post('/admin/settings/chat', form)).statusCode).toBe(403);
    const saved = await admin.post('/admin/settings/chat', form);
    expect(saved.headers.location).toBe('/admin/settings/chat?ok=saved');
    const after = (await getSetting(t.app.ctx.db, 'chat')) as {
      chat: string;
      settings: { tawk: { propertyId: string }; livechat: { group: number } };
    };
    expect(after.chat).toBe('tawk');
    expect(after.settings.tawk.propertyId).toBe('64f0c0ffee');
    expect(after.settings.livechat.group).toBe(0);
    expect((await auditOf('chat'))[0]?.after).toMatchObject({ value: { chat: 'tawk' } });

    const insecure = await admin.post('/admin/settings/chat', {
      ...form,
      verbox__scriptUrl: 'http://admin.verbox.ru/support/support.js',
    });
    expect(insecure.statusCode).toBe(422);
    expect(insecure.body).toContain('an https address');
    const unknown = await admin.post('/admin/settings/chat', { ...form, chat: 'icq' });
    expect(unknown.statusCode).toBe(422);
    const number = await admin.post('/admin/settings/chat', { ...form, livechat__group: 'two' });
    expect(number.statusCode).toBe(422);
    expect(number.body).toContain('enter a whole number');
    expect(await auditOf('chat')).toHaveLength(1);
  });
});

describe('the robots settings as a form', () => {
  const ROBOTS = {
    _form: 'robots',
    meta: 'index, follow, max-image-preview:large',
    sitemap: '/sitemap.xml',
    rule_agent: ['*', 'BadBot', ''],
    rule_allow: ['/', '', ''],
    rule_disallow: ['/api/ /cashier\n/profile', '/', ''],
  };

  it('shows fields, not JSON; saves them (audited); robots.txt answers the change at once', async () => {
    const page = await marketing.get('/admin/settings/robots');
    expect(page.body).toContain('<label for="robots-meta">Robots meta tag');
    expect(page.body).toContain('name="rule_agent"');
    expect(page.body).toContain('>/api/ /cashier /profile');
    expect(page.body).not.toContain('name="json"');

    const saved = await marketing.post('/admin/settings/robots', ROBOTS);
    expect(saved.headers.location).toBe('/admin/settings/robots?ok=saved');
    const stored = (await getSetting(t.app.ctx.db, 'seo')) as { robots: unknown; default: unknown };
    expect(stored.robots).toEqual({
      meta: 'index, follow, max-image-preview:large',
      sitemap: '/sitemap.xml',
      rules: [
        { userAgent: '*', allow: ['/'], disallow: ['/api/', '/cashier', '/profile'] },
        { userAgent: 'BadBot', allow: [], disallow: ['/'] },
      ],
    });
    expect((await auditOf('robots'))[0]?.after).toMatchObject({ value: { meta: ROBOTS.meta } });

    const txt = await t.app.inject('/robots.txt');
    expect(txt.headers['cache-control']).toBe('public, max-age=10');
    expect(txt.body).toContain('User-agent: BadBot\nDisallow: /\n');
    expect(txt.body).toContain('Disallow: /cashier\n');
    expect((await t.app.inject('/nfx/seo?host=casino.example')).json().robots.meta).toBe(ROBOTS.meta);
  });

  it('refuses bad fields by name, nothing stored; support may not save', async () => {
    const before = ((await getSetting(t.app.ctx.db, 'seo')) as { robots: unknown }).robots;
    for (const [change, problem] of [
      [{ meta: 'index, folow' }, 'robots meta tag: “folow” is not a robots directive'],
      [{ sitemap: 'sitemap.xml' }, 'sitemap: a path starting with / or an http(s) address'],
      [{ rule_disallow: ['api/', '/', ''] }, 'rule 1 › Disallow: “api/” is not a path starting with /'],
      [{ rule_agent: ['', 'BadBot', ''] }, 'rule 1 › User agent: required'],
      [{ rule_agent: ['*', '*', ''] }, 'rule 2 › User agent: “*” has a rule already'],
      [{ rule_agent: ['*', 'Bad<Bot>', ''] }, 'rule 2 › User agent: “Bad&lt;Bot&gt;” is not a crawler name'],
    ] as [Record<string, string | string[]>, string][]) {
      const refused = await marketing.post('/admin/settings/robots', { ...ROBOTS, ...change });
      expect([problem, refused.statusCode]).toEqual([problem, 422]);
      expect(refused.body).toContain(problem);
    }
    expect(((await getSetting(t.app.ctx.db, 'seo')) as { robots: unknown }).robots).toEqual(before);
    expect((await support.post('/admin/settings/robots', ROBOTS)).statusCode).toBe(403);
    expect(await auditOf('robots')).toHaveLength(1);
  });
});

describe('the per-domain SEO overrides as a form', () => {
  const DOMAINS = {
    domain_host: ['Mirror.Example', 'staging.casino.example', ''],
    domain_title: ['Mirror Casino', '', ''],
    domain_description: ['', '', ''],
    domain_image: ['/icons/mirror.png', '', ''],
    domain_canonical: ['https://casino.example', '', ''],
    domain_robots: ['', 'noindex, nofollow', ''],
  };

  it('saves a host’s own words over the defaults; the lookup and robots.txt of that host answer them', async () => {
    const page = await marketing.get('/admin/settings/seo');
    expect(page.body).toContain('Per-domain overrides');
    expect(page.body).toContain('name="domain_host"');
    const saved = await marketing.post('/admin/settings/seo', { ...SEO, ...DOMAINS });
    expect(saved.headers.location).toBe('/admin/settings/seo?ok=saved');
    const stored = (await getSetting(t.app.ctx.db, 'seo')) as { domains: unknown };
    expect(stored.domains).toEqual({
      'mirror.example': {
        default: { title: 'Mirror Casino', image: '/icons/mirror.png' },
        canonicalUrl: 'https://casino.example',
      },
      'staging.casino.example': { robots: { meta: 'noindex, nofollow' } },
    });
    // The form shows them again, one row each.
    expect((await marketing.get('/admin/settings/seo')).body).toContain('value="staging.casino.example"');

    // A host's title alone keeps the default description; another host keeps the defaults.
    const mirror = (await t.app.inject('/nfx/seo?host=mirror.example')).json();
    expect(mirror.default).toMatchObject({
      title: 'Mirror Casino',
      description: 'Spring offers every day.',
      image: '/icons/mirror.png',
    });
    expect(mirror.canonicalUrl).toBe('https://casino.example');
    const staging = (await t.app.inject('/nfx/seo?host=staging.casino.example')).json();
    expect(staging.default.title).toBe('Spring Casino');
    expect(staging.robots.meta).toBe('noindex, nofollow');
    expect(staging.robots.rules.length).toBeGreaterThan(0);
    expect((await t.app.inject('/nfx/seo?host=other.example')).json().robots.meta).not.toBe(
      'noindex, nofollow',
    );

    // Emptying a host's cells removes its overrides (the default applies).
    await marketing.post('/admin/settings/seo', {
      ...SEO,
      ...DOMAINS,
      domain_robots: ['', '', ''],
      domain_host: ['Mirror.Example', '', ''],
    });
    expect(((await getSetting(t.app.ctx.db, 'seo')) as { domains: unknown }).domains).toEqual({
      'mirror.example': {
        default: { title: 'Mirror Casino', image: '/icons/mirror.png' },
        canonicalUrl: 'https://casino.example',
      },
    });
  });

  it('refuses a bad host, canonical address or robots tag by row and field, nothing stored', async () => {
    const before = ((await getSetting(t.app.ctx.db, 'seo')) as { domains: unknown }).domains;
    for (const [change, problem] of [
      [{ domain_host: ['https://mirror.example/', '', ''] }, 'domain 1 › Host: “https://mirror.example/”'],
      [
        { domain_host: ['mirror.example', 'MIRROR.example', ''] },
        'domain 2 › Host: “mirror.example” is listed twice',
      ],
      [{ domain_canonical: ['https://casino.example/en', '', ''] }, 'domain 1 › Canonical address'],
      [{ domain_robots: ['', 'noindex, sometimes', ''] }, 'domain 2 › Robots meta tag: “sometimes”'],
      [{ domain_image: ['javascript:alert(1)', '', ''] }, 'domain 1 › Share image'],
    ] as [Record<string, string[]>, string][]) {
      const refused = await marketing.post('/admin/settings/seo', { ...SEO, ...DOMAINS, ...change });
      expect([problem, refused.statusCode]).toEqual([problem, 422]);
      expect(refused.body).toContain(problem);
    }
    expect(((await getSetting(t.app.ctx.db, 'seo')) as { domains: unknown }).domains).toEqual(before);
  });
});

describe('the words of each page as a form', () => {
  const PAGES = {
    page_id: ['promotions', 'promotions', 'betting', ''],
    page_locale: ['', 'de', '', ''],
    page_title: ['Bonuses every day | Spring', 'Boni jeden Tag | Spring', '', ''],
    page_description: ['Our offers, every day.', '', 'Bet on every match.', ''],
    page_image: ['', '/icons/de-promos.png', '', ''],
  };

  it('saves them by page and language; the lookup the pages read answers them', async () => {
    const page = await marketing.get('/admin/settings/seo');
    expect(page.body).toContain('<select id="seo-page_id-0" name="page_id"');
    const saved = await marketing.post('/admin/settings/seo', { ...SEO, ...PAGES });
    expect(saved.headers.location).toBe('/admin/settings/seo?ok=saved');
    const expected = {
      promotions: { title: 'Bonuses every day | Spring', description: 'Our offers, every day.' },
      'promotions:de': { title: 'Boni jeden Tag | Spring', image: '/icons/de-promos.png' },
      betting: { description: 'Bet on every match.' },
    };
    expect(((await getSetting(t.app.ctx.db, 'seo')) as { pages: unknown }).pages).toEqual(expected);
    expect((await t.app.inject('/nfx/seo?host=casino.example')).json().pages).toEqual(expected);
    // Shown again, one row each, the page chosen.
    const again = (await marketing.get('/admin/settings/seo')).body;
    expect(again).toContain('<option value="promotions" selected>promotions</option>');
    expect(again).toContain('value="Boni jeden Tag | Spring"');
  });

  it('refuses an unknown page, a bad language, a row without words, a page listed twice', async () => {
    const before = ((await getSetting(t.app.ctx.db, 'seo')) as { pages: unknown }).pages;
    for (const [change, problem] of [
      [{ page_id: ['promos', 'promotions', 'betting', ''] }, 'page 1 › Page: choose one of home, gamehall'],
      [{ page_locale: ['', 'deu', '', ''] }, 'page 2 › Language: “deu” is not a language code'],
      [
        { page_title: ['', '', '', ''], page_description: ['', '', '', ''], page_image: ['', '', '', ''] },
        'page 1: give a title, a description or a share image',
      ],
      [{ page_locale: ['de', 'de', '', ''] }, 'page 2 › Page: “promotions:de” is listed twice'],
      [{ page_image: ['javascript:alert(1)', '', '', ''] }, 'page 1 › Share image'],
    ] as [Record<string, string[]>, string][]) {
      const refused = await marketing.post('/admin/settings/seo', { ...SEO, ...PAGES, ...change });
      expect([problem, refused.statusCode]).toEqual([problem, 422]);
      expect(refused.body).toContain(problem);
    }
    expect(((await getSetting(t.app.ctx.db, 'seo')) as { pages: unknown }).pages).toEqual(before);
  });
});
