/**
 * The file store on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Ceph…) through the AWS SDK:
 * PutObject, GetObject, HeadObject and DeleteObject on S3_BUCKET, keys under S3_PREFIX, requests signed with
 * Signature Version 4. S3_ENDPOINT and S3_FORCE_PATH_STYLE point it at a store other than AWS. Checksums are sent
 * and checked only where an operation requires them, as most S3-compatible stores do not know the newer ones.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { TConfig } from './config.ts';
import { checkFileKey, type TFileStore } from './file-key.ts';

type TS3Config = Pick<
  TConfig,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export const s3FileStore = (config: TS3Config): TFileStore => {
  const bucket = config.S3_BUCKET;
  if (!bucket) throw new Error('s3FileStore needs S3_BUCKET');
  const client = new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const keyOf = (key: string) => `${config.S3_PREFIX}${checkFileKey(key)}`;
  return {
    kind: 's3',
    async put(key, data, contentType = 'application/octet-stream') {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.byteLength,
        }),
      );
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return { size: Number(head.ContentLength ?? 0), modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
  };
};
