import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../test/s3-stand-in.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { testConfig } from './config.ts';
import { queryRows } from './db/database.ts';
import {
  createFileStore,
  databaseFileStore,
  importLegacyFiles,
  legacyPathOf,
  type TFileStore,
  withLegacyFiles,
} from './file-store.ts';
import { s3FileStore } from './file-store-s3.ts';
import { storeContentImage } from './image-uploads.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 253, 254, 255])]);
const PNG = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]);

/** What every store does: put, get, stat, overwrite, remove, refuse keys that climb or are not keys. */
const behavesAsAFileStore = async (store: TFileStore, at: Date | null) => {
  expect(await store.get('kyc/12/missing.pdf')).toBeNull();
  expect(await store.stat('kyc/12/missing.pdf')).toBeNull();
  await store.put('kyc/12/doc-1.pdf', PDF, 'application/pdf');
  expect(Buffer.from((await store.get('kyc/12/doc-1.pdf')) ?? []).equals(PDF)).toBe(true);
  const info = await store.stat('kyc/12/doc-1.pdf');
  expect(info?.size).toBe(PDF.length);
  if (at) expect(info?.modified).toEqual(at);
  await store.put('kyc/12/doc-1.pdf', PNG, 'image/png');
  expect(Buffer.from((await store.get('kyc/12/doc-1.pdf')) ?? []).equals(PNG)).toBe(true);
  await store.remove('kyc/12/doc-1.pdf');
  expect(await store.get('kyc/12/doc-1.pdf')).toBeNull();
  await store.remove('kyc/12/doc-1.pdf');
  for (const bad of ['../etc/passwd', 'kyc/../../x', 'kyc//x', '/abs', 'kyc/a b', ''])
    await expect(store.put(bad, PDF)).rejects.toThrow(/unsafe file key/);
};

describe('the database file store', () => {
  it('keeps bytes in the database, any instance reading what another wrote', async () => {
    const store = databaseFileStore(t.app.ctx.db, t.clock);
    await behavesAsAFileStore(store, t.clock.now());
    // A second store on the same database (another instance) sees the first one's file.
    await store.put('content-images/uploads/abc.png', PNG, 'image/png');
    const other = databaseFileStore(t.app.ctx.db, t.clock);
    expect(Buffer.from((await other.get('content-images/uploads/abc.png')) ?? []).equals(PNG)).toBe(true);
    const [row] = await queryRows<{ content_type: string; size: number }>(
      t.app.ctx.db,
      sql`select content_type, size from stored_files where key = 'content-images/uploads/abc.png'`,
    );
    expect(row).toEqual({ content_type: 'image/png', size: PNG.length });
    // The table refuses a key the code would refuse, whoever writes it.
    await expect(
      t.app.ctx.db.execute(sql`insert into stored_files (key, size, data) values ('kyc/../x', 0, '')`),
    ).rejects.toThrow();
  });

  it('is what the app uses without S3_BUCKET', () => {
    expect(t.app.ctx.files.kind).toBe('database');
    expect(createFileStore(testConfig(), t.app.ctx.db, t.clock).kind).toBe('database');
    expect(createFileStore(testConfig({ S3_BUCKET: 'b' }), t.app.ctx.db, t.clock).kind).toBe('s3');
    // Credentials come both or neither (neither: the SDK's own chain).
    expect(() => testConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(testConfig({ S3_FORCE_PATH_STYLE: '1', DATABASE_POOL_MAX: '50' })).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
      DATABASE_POOL_MAX: 50,
      JOBS_RETENTION_HOURS: 168,
    });
    expect(() => testConfig({ JOBS_RETENTION_HOURS: '1' })).toThrow(/JOBS_RETENTION_HOURS/);
  });
});

describe('content images', () => {
  it('an uploaded image goes to the shared store and the image route renders it from there', async () => {
    const png = readFileSync(
      fileURLToPath(new URL('../../../web/public/icons/icon-192.png', import.meta.url)),
    );
    const { path, url } = await storeContentImage(t.app.ctx.files, png);
    expect((await t.app.ctx.files.stat(`content-images/${path}`))?.size).toBe(png.length);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['last-modified']).toBe(t.clock.now().toUTCString());
    const missing = await t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{32}/, 'f'.repeat(32)) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('files an older version kept in DATA_DIR', () => {
  it('are read through (and copied into the store) and imported at start; nothing is lost', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'files-'));
    try {
      await mkdir(join(dataDir, 'uploads', 'kyc', '7'), { recursive: true });
      await mkdir(join(dataDir, 'content-images', 'uploads'), { recursive: true });
      await writeFile(join(dataDir, 'uploads', 'kyc', '7', 'old-doc.pdf'), PDF);
      await writeFile(join(dataDir, 'uploads', 'kyc', '7', 'other-doc.pdf'), PNG);
      await writeFile(join(dataDir, 'content-images', 'uploads', 'a1b2.png'), PNG);
      expect(legacyPathOf(dataDir, 'kyc/7/old-doc.pdf')).toBe(
        join(dataDir, 'uploads', 'kyc', '7', 'old-doc.pdf'),
      );
      expect(legacyPathOf(dataDir, 'reports/x.csv')).toBeNull();

      const shared = databaseFileStore(t.app.ctx.db, t.clock);
      const store = withLegacyFiles(shared, dataDir);
      expect(Buffer.from((await store.get('kyc/7/old-doc.pdf')) ?? []).equals(PDF)).toBe(true);
      // Copied on the way: another instance, without this DATA_DIR, reads it from the shared store.
      expect(Buffer.from((await shared.get('kyc/7/old-doc.pdf')) ?? []).equals(PDF)).toBe(true);
      expect(await store.get('kyc/7/never-was.pdf')).toBeNull();

      expect(await importLegacyFiles(shared, dataDir)).toBe(2);
      expect(await importLegacyFiles(shared, dataDir)).toBe(0);
      expect(Buffer.from((await shared.get('content-images/uploads/a1b2.png')) ?? []).equals(PNG)).toBe(true);
      expect((await shared.stat('kyc/7/other-doc.pdf'))?.size).toBe(PNG.length);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the S3 file store', () => {
  const credentials = { accessKeyId: 'AKIDSTANDIN000001', secretAccessKey: 'stand-in-secret-key-0123456789' };
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  beforeAll(async () => {
    s3 = await startS3StandIn({ bucket: 'casino-files', region: 'eu-central-1', ...credentials });
  });
  afterAll(() => s3.close());
  const storeWith = (secret = credentials.secretAccessKey) =>
    s3FileStore({
      S3_BUCKET: 'casino-files',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: secret,
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'prod/',
    });

  it('puts, gets, heads and deletes objects path-style, every request signed with Signature Version 4', async () => {
    s3.requests.length = 0;
    await behavesAsAFileStore(storeWith(), null);
    expect(new Set(s3.requests.map((r) => r.method))).toEqual(new Set(['PUT', 'GET', 'HEAD', 'DELETE']));
    for (const request of s3.requests) {
      expect(request.path).toMatch(/^\/casino-files\/prod\/kyc\/12\//);
      expect(request.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDSTANDIN000001\/\d{8}\/eu-central-1\/s3\/aws4_request, ?SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, ?Signature=[0-9a-f]{64}$/,
      );
      expect(request.signatureValid).toBe(true);
    }
    expect([...s3.objects.keys()]).toEqual([]);
  });

  it('fails loudly when the store refuses the signature (a wrong secret), never as a missing file', async () => {
    const wrong = storeWith('not-the-secret-key-0000000000');
    await expect(wrong.put('kyc/1/x.pdf', PDF)).rejects.toThrow();
    await expect(wrong.get('kyc/1/x.pdf')).rejects.toThrow();
    expect(s3.objects.size).toBe(0);
  });
});
