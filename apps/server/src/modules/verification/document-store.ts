/**
 * Where KYC files live: outside the web root, in DATA_DIR/uploads/kyc/<player>/<id>.<ext> by default (nothing
 * serves that folder; files go out only through the authenticated routes). An in-memory store serves the
 * embedded in-memory run (DATA_DIR=memory://) and tests. Another backend (object storage) fills the interface.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface TDocumentStore {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9]+\/[A-Za-z0-9_-]+\.(jpg|png|webp|pdf)$/;
const checkKey = (key: string) => {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
  return key;
};

export const fileDocumentStore = (root: string): TDocumentStore => {
  const base = resolve(root);
  const pathOf = (key: string) => join(base, checkKey(key));
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, data, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
};

export const memoryDocumentStore = (): TDocumentStore => {
  const files = new Map<string, Uint8Array>();
  return {
    async put(key, data) {
      files.set(checkKey(key), Uint8Array.from(data));
    },
    async get(key) {
      return files.get(checkKey(key)) ?? null;
    },
    async remove(key) {
      files.delete(key);
    },
  };
};

export const documentStoreFor = (dataDir: string): TDocumentStore =>
  dataDir.startsWith('memory://')
    ? memoryDocumentStore()
    : fileDocumentStore(join(dataDir, 'uploads', 'kyc'));
