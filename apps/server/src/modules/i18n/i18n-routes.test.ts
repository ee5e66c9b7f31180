import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { setOverride } from './locales-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/nfx/i18n', () => {
  it('lists the locales with the default', async () => {
    const r = await t.app.inject('/nfx/i18n/locales');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.defaultLocale).toBe('en');
    expect(body.locales.map((l: { code: string }) => l.code)).toEqual(['en', 'es', 'de', 'fr', 'pt', 'ar']);
    expect(body.locales.find((l: { code: string }) => l.code === 'ar')).toMatchObject({
      dir: 'rtl',
      nativeName: 'العربية',
    });
  });

  it('serves the messages of a locale as namespaces', async () => {
    const r = await t.app.inject('/nfx/i18n/messages/es');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.common.fieldsValidatorErrors.required).toBe('El campo es obligatorio');
    expect(body.errors.UserBannedException).toContain('bloqueada');
    expect(body.pages.notFound.header).toBe('Página no encontrada');
  });

  it('answers 404 JSON for an unknown locale', async () => {
    for (const locale of ['xx', 'zz-ZZ', 'EN']) {
      const r = await t.app.inject(`/nfx/i18n/messages/${locale}`);
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toBeTruthy();
    }
  });

  it('answers some namespaces with ?ns= and names all of them in x-i18n-namespaces', async () => {
    const r = await t.app.inject('/nfx/i18n/messages/es?ns=header,common,nothing');
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json()).sort()).toEqual(['common', 'header']);
    expect(r.json().header.login).toBe('Iniciar sesión');
    const all = String(r.headers['x-i18n-namespaces']).split(',');
    expect(all).toEqual(expect.arrayContaining(['auth', 'cashier', 'common', 'games', 'header', 'profile']));
    expect(all).not.toContain('mail');
    expect(Object.keys((await t.app.inject('/nfx/i18n/messages/es')).json()).sort()).toEqual([...all].sort());
    expect((await t.app.inject('/nfx/i18n/messages/es?ns=')).json()).toEqual({});
  });

  it("applies an operator's override of one message", async () => {
    await setOverride(t.app.ctx.db, 'en', 'header.login', 'Log in');
    const body = (await t.app.inject('/nfx/i18n/messages/en')).json();
    expect(body.header.login).toBe('Log in');
    expect(body.header.register).toBe('Register');
    // The kept messages of the locale were rebuilt: the namespace answer has it too.
    expect((await t.app.inject('/nfx/i18n/messages/en?ns=header')).json().header.login).toBe('Log in');
  });
});
