/**
 * A deposit offer made in the back-office carries an image (issue 40): uploaded with the offer's form (multipart,
 * stored in the shared file store by content hash), audited, served through the image route and named by the
 * cashier's offer card (`campaigns.getoffers`); a save without a file keeps it, "remove" takes it off, and a file
 * that is no image is refused with its field code, nothing changed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { campaignOffers } from '../schema.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const png = readFileSync(
  fileURLToPath(new URL('../../../../../web/public/icons/icon-192.png', import.meta.url)),
);

const FORM: Record<string, string> = {
  sysname: 'picture_match',
  locale: 'en',
  title: 'Picture match {percent}%',
  text: 'With a picture.',
  condition: 'any',
  percent: '60',
  max_amount: '80.00',
  wager: '5',
  template: 'deposit_match',
  min_amount: '10.00',
  priority: '7',
  is_active: '1',
  starts_at: '',
  ends_at: '',
  locales: '',
  countries: '',
  segment_id: '',
};

/** Posts the offer's form as the browser does (multipart: its text fields and the file input, empty or not). */
const postMultipart = (
  url: string,
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer } | null,
) => {
  const boundary = '----offer-image-test';
  const part = (headers: string, data: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(data),
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    part('Content-Disposition: form-data; name="_csrf"', marketing.csrf),
    ...Object.entries(fields).map(([name, value]) =>
      part(`Content-Disposition: form-data; name="${name}"`, value),
    ),
    part(
      `Content-Disposition: form-data; name="image"; filename="${file?.name ?? ''}"\r\nContent-Type: ${file?.type ?? 'application/octet-stream'}`,
      file?.data ?? Buffer.alloc(0),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const cookie = [...marketing.jar].map(([k, c]) => `${k}=${c.value}`).join('; ');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

const offerRow = async () =>
  (await t.app.ctx.db.select().from(campaignOffers).where(eq(campaignOffers.sysname, 'picture_match')))[0];
const cardImage = async (id: number) =>
  (
    (await apiClient(t.app).get('campaigns.getoffers')).data.items as {
      id: number;
      description: { image: string | null };
    }[]
  ).find((o) => o.id === id)?.description.image;

describe('a deposit offer’s image', () => {
  it('is uploaded with the form, audited, and shown in the cashier card; kept, refused and removed', async () => {
    const form = await marketing.get('/admin/promotions/offers/new');
    expect(form.body).toContain('enctype="multipart/form-data"');
    expect(form.body).toContain('name="image" type="file"');

    const created = await postMultipart('/admin/promotions/offers', FORM, {
      name: 'card.png',
      type: 'image/png',
      data: png,
    });
    const id = Number(/offers\/(\d+)\?ok=offer_created$/.exec(String(created.headers.location))?.[1]);
    expect(id).toBeGreaterThanOrEqual(1001);
    const path = (await offerRow())?.description.image ?? '';
    expect(path).toMatch(/^uploads\/[0-9a-f]{32}\.png$/);
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'deposit_offer.create'));
    expect(audit?.after).toMatchObject({ image: path });

    // The cashier's card names it through the image route, which serves the stored file.
    const url = await cardImage(id);
    expect(url).toBe(`/_ipx/f_webp,q_95,s_96x96/${path}`);
    const served = await t.app.inject({ method: 'GET', url: String(url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const page = await marketing.get(`/admin/promotions/offers/${id}`);
    expect(page.body).toContain('data-testid="offer-image-preview"');

    // Saved without a file (an empty file input): the image stays.
    const saved = await postMultipart(`/admin/promotions/offers/${id}`, { ...FORM, percent: '65' }, null);
    expect(saved.headers.location).toBe(`/admin/promotions/offers/${id}?locale=en&ok=offer_saved`);
    expect((await offerRow())?.description.image).toBe(path);

    // A file that is no image is refused with its code; nothing changes.
    const refused = await postMultipart(
      `/admin/promotions/offers/${id}`,
      { ...FORM, percent: '70' },
      {
        name: 'card.png',
        type: 'image/png',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    );
    expect(refused.headers.location).toBe(`/admin/promotions/offers/${id}?locale=en&error=image_wrongType`);
    expect((await offerRow())?.promotions[0]?.percent).toBe(65);
    expect((await marketing.get(String(refused.headers.location))).body).toContain(
      'The image must be a PNG, JPEG, GIF or WebP file.',
    );

    // "Remove the image": the card shows the words only.
    await postMultipart(`/admin/promotions/offers/${id}`, { ...FORM, image_remove: '1' }, null);
    expect((await offerRow())?.description.image).toBeNull();
    expect(await cardImage(id)).toBeNull();
  });
});
