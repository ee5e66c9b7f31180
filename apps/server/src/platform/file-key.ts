/** What a file store is and which keys it takes (file-store.ts and its S3 backend, file-store-s3.ts, both use it). */
export interface TStoredFileInfo {
  size: number;
  modified: Date;
}

export interface TFileStore {
  readonly kind: 's3' | 'database';
  put(key: string, data: Uint8Array, contentType?: string): Promise<void>;
  /** The file's bytes, or null when there is none under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** The file's size and time, or null when there is none under the key. */
  stat(key: string): Promise<TStoredFileInfo | null>;
  remove(key: string): Promise<void>;
}

/** A key: letters, digits and `_ . / -` in segments, never `.` or `..` (the table checks the same). */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,511}$/;
export const isFileKey = (key: string) =>
  KEY.test(key) && !key.split('/').some((s) => s === '.' || s === '..' || s === '');

export const checkFileKey = (key: string) => {
  if (!isFileKey(key)) throw new Error(`unsafe file key ${key}`);
  return key;
};
