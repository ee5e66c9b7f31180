/**
 * Files every instance shares (KYC documents, the operator's content images; docs/decisions/063): S3-compatible
 * object storage when S3_BUCKET is set (file-store-s3.ts), else a table of the database (`stored_files`). Files an
 * older version kept in its own DATA_DIR are still found: a key the store lacks is read from the folder it used to
 * live in and copied into the store, and at start an instance copies its whole folder over (importLegacyFiles).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TConfig } from './config.ts';
import { queryRows, type TDb } from './db/database.ts';
import { checkFileKey, isFileKey, type TFileStore } from './file-key.ts';
import { s3FileStore } from './file-store-s3.ts';

export { checkFileKey, type TFileStore, type TStoredFileInfo } from './file-key.ts';

export const databaseFileStore = (db: TDb, clock: { now(): Date }): TFileStore => ({
  kind: 'database',
  async put(key, data, contentType = 'application/octet-stream') {
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    await db.execute(sql`
      insert into stored_files (key, content_type, size, data, created_at)
      values (${checkFileKey(key)}, ${contentType}, ${bytes.length}, ${bytes}, ${clock.now()})
      on conflict (key) do update set content_type = excluded.content_type, size = excluded.size,
        data = excluded.data, created_at = excluded.created_at`);
  },
  async get(key) {
    const [row] = await queryRows<{ data: Uint8Array }>(
      db,
      sql`select data from stored_files where key = ${checkFileKey(key)}`,
    );
    return row ? new Uint8Array(row.data) : null;
  },
  async stat(key) {
    const [row] = await queryRows<{ size: number; ms: number }>(
      db,
      sql`select size, (extract(epoch from created_at) * 1000)::float8 as ms from stored_files
          where key = ${checkFileKey(key)}`,
    );
    return row ? { size: Number(row.size), modified: new Date(Number(row.ms)) } : null;
  },
  async remove(key) {
    await db.execute(sql`delete from stored_files where key = ${checkFileKey(key)}`);
  },
});

/**
 * Where a key's file lived in DATA_DIR before the shared store: KYC documents in uploads/kyc/, content images in
 * content-images/. Null for a key that never lived there.
 */
export const legacyPathOf = (dataDir: string, key: string): string | null => {
  const [first, ...rest] = key.split('/');
  const folder =
    first === 'kyc' ? join('uploads', 'kyc') : first === 'content-images' ? 'content-images' : null;
  if (!folder || rest.length === 0) return null;
  const root = resolve(dataDir, folder);
  const path = resolve(root, ...rest);
  return path.startsWith(root + sep) ? path : null;
};

/** Reads a key the store lacks from its old place in DATA_DIR, copying it into the store on the way. */
export const withLegacyFiles = (store: TFileStore, dataDir: string): TFileStore => {
  const legacy = async (key: string) => {
    const path = legacyPathOf(dataDir, checkFileKey(key));
    if (!path) return null;
    try {
      const data = await readFile(path);
      await store.put(key, data);
      return data;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    ...store,
    put: (key, data, contentType) => store.put(key, data, contentType),
    remove: (key) => store.remove(key),
    async get(key) {
      return (await store.get(key)) ?? (await legacy(key));
    },
    async stat(key) {
      const found = await store.stat(key);
      if (found) return found;
      return (await legacy(key)) ? store.stat(key) : null;
    },
  };
};

const filesUnder = async (root: string): Promise<string[]> => {
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
};

/**
 * Copies every file of DATA_DIR's old folders into the store (those it has already are left alone); the folders
 * stay as they were. Answers how many files were copied.
 */
export const importLegacyFiles = async (store: TFileStore, dataDir: string): Promise<number> => {
  let copied = 0;
  for (const [prefix, folder] of [
    ['kyc', join('uploads', 'kyc')],
    ['content-images', 'content-images'],
  ] as const) {
    const root = resolve(dataDir, folder);
    for (const path of await filesUnder(root)) {
      const key = `${prefix}/${relative(root, path).split(sep).join('/')}`;
      if (!isFileKey(key) || (await store.stat(key))) continue;
      await store.put(key, await readFile(path));
      copied += 1;
    }
  }
  return copied;
};

/** The store the configuration names: S3 when S3_BUCKET is set, else the database; DATA_DIR's old files read through. */
export const createFileStore = (config: TConfig, db: TDb, clock: { now(): Date }): TFileStore => {
  const store = config.S3_BUCKET ? s3FileStore(config) : databaseFileStore(db, clock);
  return config.DATA_DIR.startsWith('memory://') ? store : withLegacyFiles(store, config.DATA_DIR);
};

/** At start, in the background: DATA_DIR's old files copied into the shared store (memory:// has none). */
export const startLegacyImport = (
  store: TFileStore,
  dataDir: string,
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
) => {
  if (dataDir.startsWith('memory://')) return;
  void importLegacyFiles(store, dataDir)
    .then((copied) => {
      if (copied > 0)
        log.info({ copied, store: store.kind }, 'files from DATA_DIR copied into the shared store');
    })
    .catch((error: unknown) =>
      log.warn({ err: error }, 'copying DATA_DIR files into the shared store failed'),
    );
};
