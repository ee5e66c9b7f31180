/**
 * Where KYC files live: in the files every instance shares (platform/file-store.ts: S3-compatible object storage,
 * else the database), under `kyc/<player>/<id>.<ext>`; never in a folder the web serves (files go out only through
 * the authenticated routes). Files an older version kept in DATA_DIR/uploads/kyc are still read (the file store
 * reads them through).
 */
import type { TFileStore } from '../../platform/file-store.ts';

export interface TDocumentStore {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9]+\/[A-Za-z0-9_-]+\.(jpg|png|webp|pdf)$/;
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const checkKey = (key: string) => {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
  return `kyc/${key}`;
};

/** The KYC documents' part of the shared file store; keys as kyc_documents.storage_key holds them. */
export const documentStoreFor = (files: TFileStore): TDocumentStore => ({
  put: async (key, data) => files.put(checkKey(key), data, TYPES[key.split('.').pop() ?? '']),
  get: async (key) => files.get(checkKey(key)),
  remove: async (key) => files.remove(checkKey(key)),
});
