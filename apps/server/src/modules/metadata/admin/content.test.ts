import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';

// A copy of content/ whose German header lacks one key (the missing-keys view must list it).
const CONTENT = fileURLToPath(new URL('../../../../../../content/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'content-bo-'));
cpSync(CONTENT, dir, { recursive: true });
const deHeader = join(dir, 'locales/de/header.json');
const header = JSON.parse(readFileSync(deHeader, 'utf8')) as Record<string, unknown>;
delete header.deposit;
writeFileSync(deHeader, JSON.stringify(header));

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp({ build: { contentDir: dir } });
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const site = (url: string) => t.app.inject({ method: 'GET', url });
const auditsOf = (action: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, action));

describe('content pages', () => {
  it('edits a page: previewed with the site renderer (sanitised), saved, served to the site, audited', async () => {
    const list = await admin.get('/admin/content');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('data-page="about-us"');
    const editor = await admin.get('/admin/content/pages/about-us/en');
    expect(editor.body).toContain('name="body"');
    const body =
      '# About\n\nWe are **new**.\n\n<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const preview = await admin.post('/admin/content/pages/about-us/en', {
      _action: 'preview',
      title: 'About us',
      description: 'Who we are',
      body,
    });
    expect(preview.statusCode).toBe(200);
    const shown = preview.body.slice(preview.body.indexOf('data-preview'));
    expect(shown).toContain('<p>We are <strong>new</strong>.</p>');
    expect(shown).not.toContain('<script>alert');
    expect(shown).not.toContain('<img src=x');
    expect(shown).not.toContain('javascript:');
    expect((await site('/nfx/pages/en/about-us')).json().body).not.toContain('We are **new**');

    const saved = await admin.post('/admin/content/pages/about-us/en', {
      _action: 'save',
      title: 'About us (new)',
      description: 'Who we are',
      body,
    });
    expect(saved.headers.location).toBe('/admin/content/pages/about-us/en?ok=page_saved');
    t.clock.advance(10_000);
    const served = (await site('/nfx/pages/en/about-us')).json();
    expect(served.title).toBe('About us (new)');
    expect(served.body).toContain('We are **new**');
    const [audit] = await auditsOf('content.page.save');
    expect((audit?.before as { title: string } | undefined)?.title).toBe('About us');
    expect((audit?.after as { title: string } | undefined)?.title).toBe('About us (new)');
  });

  it('creates a page with a checked address, hides and shows it', async () => {
    expect(
      (await admin.post('/admin/content/pages', { slug: 'Bad Slug', locale: 'en', title: 'X' })).headers
        .location,
    ).toBe('/admin/content?error=slug_wrongField');
    expect(
      (await admin.post('/admin/content/pages', { slug: 'about-us', locale: 'en', title: 'X' })).headers
        .location,
    ).toBe('/admin/content?error=slug_taken');
    expect(
      (await admin.post('/admin/content/pages', { slug: 'rules', locale: 'xx', title: 'X' })).headers
        .location,
    ).toBe('/admin/content?error=locale_wrongField');
    const created = await admin.post('/admin/content/pages', { slug: 'rules', locale: 'en', title: 'Rules' });
    expect(created.headers.location).toBe('/admin/content/pages/rules/en?ok=page_created');
    expect((await site('/nfx/pages/en/rules')).json().title).toBe('Rules');
    expect((await site('/nfx/pages/de/rules')).json().title).toBe('Rules'); // the default language's
    expect((await admin.get('/admin/content')).body).toContain('href="/admin/content/pages/rules/de"');
    await admin.post('/admin/content/pages/rules/de', { _action: 'save', title: 'Regeln', body: 'Text' });
    expect((await site('/nfx/pages/de/rules')).json().title).toBe('Regeln');
    expect((await admin.post('/admin/content/pages/rules/hide')).headers.location).toBe(
      '/admin/content?ok=page_hidden',
    );
    expect((await site('/nfx/pages/en/rules')).statusCode).toBe(404);
    expect((await admin.get('/admin/content')).body).toMatch(/data-page="rules">[\s\S]*?hidden/);
    await admin.post('/admin/content/pages/rules/show');
    expect((await site('/nfx/pages/en/rules')).statusCode).toBe(200);
    expect((await auditsOf('content.page.hide')).length).toBe(1);
    expect((await admin.post('/admin/content/pages/nope/hide')).headers.location).toBe(
      '/admin/content?error=page_notFound',
    );
  });

  it('refuses bad input with a field error or a flash, never a 500', async () => {
    const long = await admin.post('/admin/content/pages/about-us/en', {
      _action: 'save',
      title: '',
      description: 'x'.repeat(501),
      body: 'ok',
    });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('Give the page a title.');
    expect(long.body).toContain('The description is too long');
    const nul = await admin.postFrom('/admin/content/pages/about-us/en', '/admin/content/pages/about-us/en', {
      _action: 'save',
      title: 'A\u0000B',
      body: 'x',
    });
    expect(nul.headers.location).toBe('/admin/content/pages/about-us/en?error=bad_input');
    expect((await admin.get('/admin/content/pages/nope/en')).headers.location).toBe(
      '/admin/content?error=page_notFound',
    );
    expect((await admin.get('/admin/content/pages/about-us/xx')).headers.location).toBe(
      '/admin/content?error=locale_wrongField',
    );
    expect((await site('/nfx/pages/en/about-us')).json().title).toBe('About us (new)');
  });
});

/** Posts a multipart form as the browser's upload form would. */
const upload = async (client: typeof admin, file: { name: string; type: string; data: Buffer }) => {
  const boundary = '----content-test';
  const part = (headers: string, data: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(data),
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    part('Content-Disposition: form-data; name="_csrf"', client.csrf),
    part('Content-Disposition: form-data; name="back"', '/admin/content/pages/about-us/en'),
    part(
      `Content-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}`,
      file.data,
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const cookie = [...client.jar].map(([k, c]) => `${k}=${c.value}`).join('; ');
  return t.app.inject({
    method: 'POST',
    url: '/admin/content/images',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

describe('content images', () => {
  const png = readFileSync(
    fileURLToPath(new URL('../../../../../web/public/icons/icon-192.png', import.meta.url)),
  );

  it('stores an image through the image pipeline and gives its Markdown; refuses other files', async () => {
    const ok = await upload(admin, { name: 'logo.png', type: 'image/png', data: png });
    const location = String(ok.headers.location);
    expect(location).toMatch(
      /^\/admin\/content\/pages\/about-us\/en\?ok=image_uploaded&image=uploads%2F[0-9a-f]{32}\.png$/,
    );
    const editor = await admin.get(location);
    const url = /value="!\[\]\((\/_ipx\/[^)]+)\)"/.exec(editor.body)?.[1] ?? '';
    expect(url).toMatch(/^\/_ipx\/f_webp,q_95\/uploads\/[0-9a-f]{32}\.png$/);
    const image = await site(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await auditsOf('content.image.upload')).length).toBe(1);

    const svg = await upload(admin, {
      name: 'x.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.headers.location).toBe('/admin/content/pages/about-us/en?error=image_wrongType');
    const big = await upload(admin, {
      name: 'big.png',
      type: 'image/png',
      data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(big.headers.location).toBe('/admin/content/pages/about-us/en?error=image_maxSize');
  });
});

describe('translation overrides', () => {
  it('saves an override the site gets, refuses a placeholder mismatch, removes it; audited', async () => {
    const search = await admin.get('/admin/content/translations?locale=de&q=header.login');
    expect(search.body).toContain('data-key="header.login"');
    expect(search.body).toContain('1 message matches');
    expect((await admin.get('/admin/content/translations?locale=de')).body).toContain(
      '0 overrides in this language',
    );
    const saved = await admin.post('/admin/content/translations/de/save', {
      key: 'header.login',
      value: 'Einloggen',
      back: '/admin/content/translations?locale=de&q=header.login',
    });
    expect(saved.headers.location).toBe(
      '/admin/content/translations?locale=de&q=header.login&ok=translation_saved',
    );
    t.clock.advance(10_000);
    const messages = (await site('/nfx/i18n/messages/de?ns=header')).json();
    expect(messages.header.login).toBe('Einloggen');

    const wrong = await admin.post('/admin/content/translations/de/save', {
      key: 'toasts.quest',
      value: 'Aufgabe erledigt: {title}',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('must keep exactly the placeholders');
    expect(wrong.body).toContain('aria-invalid="true"');
    const ok = await admin.post('/admin/content/translations/de/save', {
      key: 'toasts.quest',
      value: 'Aufgabe erledigt: {name}',
    });
    expect(ok.statusCode).toBe(303);
    expect(
      (await admin.post('/admin/content/translations/de/save', { key: 'no.such.key', value: 'x' })).headers
        .location,
    ).toBe('/admin/content/translations?locale=de&error=key_notFound');
    expect(
      (await admin.post('/admin/content/translations/xx/save', { key: 'header.login', value: 'x' })).headers
        .location,
    ).toBe('/admin/content/translations?locale=xx&error=locale_wrongField');

    const elsewhere = await admin.post('/admin/content/translations/de/remove', {
      key: 'toasts.quest',
      back: 'https://evil.example.com/\r\nx',
    });
    expect(elsewhere.headers.location).toBe('/admin/content/translations?locale=de&ok=translation_removed');
    await admin.post('/admin/content/translations/de/remove', { key: 'header.login' });
    expect((await site('/nfx/i18n/messages/de?ns=header')).json().header.login).toBe('Anmelden');
    const audit = (await auditsOf('content.translation.save')).find((a) => a.targetId === 'de:header.login');
    expect(audit?.before).toEqual({ override: null, text: 'Anmelden' });
    expect(audit?.after).toEqual({ override: 'Einloggen' });
    expect((await auditsOf('content.translation.remove')).length).toBe(2);
  });

  it('lists the keys a language lacks after overrides, and fills one in', async () => {
    const missing = await admin.get('/admin/content/translations/de/missing');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('data-key="header.deposit"');
    expect(missing.body).not.toContain('data-key="header.login"');
    await admin.post('/admin/content/translations/de/save', {
      key: 'header.deposit',
      value: 'Einzahlen',
      back: '/admin/content/translations/de/missing',
    });
    expect((await admin.get('/admin/content/translations/de/missing')).body).not.toContain(
      'data-key="header.deposit"',
    );
  });
});

describe('the FAQ', () => {
  const faqOf = async (locale: string) =>
    Object.entries(
      (await site(`/nfx/i18n/messages/${locale}?ns=support`)).json().support.faq.items as Record<
        string,
        { q: string; a: string }
      >,
    );

  it('is seeded from content, then edited, added, reordered and removed where the site reads it', async () => {
    const page = await admin.get('/admin/content/faq?locale=en');
    expect(page.body).toContain('data-faq="register"');
    const [first] = await faqOf('en');
    expect(first?.[0]).toBe('register');

    await admin.post('/admin/content/faq/en/register', {
      question: 'How do I sign up?',
      answer: 'Press Sign up.',
    });
    await admin.post('/admin/content/faq/en/add', { question: 'Is there an app?', answer: 'Not yet.' });
    await admin.post('/admin/content/faq/en/is-there-an-app/move', { dir: 'up' });
    await admin.post('/admin/content/faq/en/deposit/remove');
    t.clock.advance(10_000);
    const items = await faqOf('en');
    expect(items[0]).toEqual(['register', { q: 'How do I sign up?', a: 'Press Sign up.' }]);
    expect(items.at(-2)?.[0]).toBe('is-there-an-app');
    expect(items.map(([id]) => id)).not.toContain('deposit');
    const audits = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(like(operatorAudit.action, 'content.faq.%'), eq(operatorAudit.targetId, 'en')));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'content.faq.add',
      'content.faq.edit',
      'content.faq.move',
      'content.faq.remove',
    ]);
    // Another language keeps its own list.
    expect((await faqOf('de')).map(([id]) => id)).toContain('deposit');
  });

  it('refuses an empty question, an unknown question or language', async () => {
    expect(
      (await admin.post('/admin/content/faq/en/add', { question: ' ', answer: 'x' })).headers.location,
    ).toBe('/admin/content/faq?locale=en&error=question_requiredField');
    expect((await admin.post('/admin/content/faq/en/nope/remove')).headers.location).toBe(
      '/admin/content/faq?locale=en&error=faq_notFound',
    );
    expect(
      (await admin.post('/admin/content/faq/en/register', { question: 'Q', answer: 'a'.repeat(5001) }))
        .headers.location,
    ).toBe('/admin/content/faq?locale=en&error=answer_maxLength');
    expect(
      (await admin.post('/admin/content/faq/xx/add', { question: 'Q', answer: 'A' })).headers.location,
    ).toBe('/admin/content/faq?locale=en&error=locale_wrongField');
  });
});

describe('content roles', () => {
  it('lets the content editor edit, the auditor read only, and refuses the others', async () => {
    const editor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'content_editor'));
    expect((await editor.get('/admin/content/faq?locale=fr')).statusCode).toBe(200);
    expect(
      (
        await editor.post('/admin/content/translations/fr/save', {
          key: 'header.login',
          value: 'Se connecter',
        })
      ).statusCode,
    ).toBe(303);
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const read = await auditor.get('/admin/content/pages/about-us/en');
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('value="save"');
    expect(
      (await auditor.post('/admin/content/pages/about-us/en', { _action: 'save', title: 'X', body: '' }))
        .statusCode,
    ).toBe(403);
    expect((await auditor.post('/admin/content/faq/en/add', { question: 'Q', answer: 'A' })).statusCode).toBe(
      403,
    );
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/content')).statusCode).toBe(403);
    expect((await support.get('/admin/content/translations')).statusCode).toBe(403);
  });
});
