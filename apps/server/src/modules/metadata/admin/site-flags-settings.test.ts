/** The §3 loader and popup-fallback settings are the operator's to edit, and metadata.get serves the change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the loader and sign-in popup settings', () => {
  it('edits the loader as a form: logo, its text, the percentage', async () => {
    const page = await admin.get('/admin/settings/loader');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="loaderLogo"');
    expect(page.body).toContain('name="showPercentProgress" value="1" checked');
    const saved = await admin.post('/admin/settings/loader', {
      _form: 'fields',
      loaderLogo: '/favicon.svg',
      loaderLogoAlt: 'Lucky',
    });
    expect(saved.statusCode).toBe(303);
    const { loader } = (await apiClient(t.app).get('metadata.get')).data;
    expect(loader).toEqual({
      showPercentProgress: false,
      loaderLogo: '/favicon.svg',
      loaderLogoAlt: 'Lucky',
    });
  });

  it('turns the sign-in popup off', async () => {
    const page = await admin.get('/admin/settings/popup');
    expect(page.body).toContain('name="authPopupEnabled" value="1" checked');
    expect((await admin.post('/admin/settings/popup', { _form: 'fields' })).statusCode).toBe(303);
    expect((await apiClient(t.app).get('metadata.get')).data.popupFallback).toEqual({
      authPopupEnabled: false,
    });
  });
});
