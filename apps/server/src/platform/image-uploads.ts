/**
 * Images an operator uploads for content (the pages editor): checked by their bytes (PNG, JPEG, GIF or WebP —
 * never SVG, which can carry script), at most 5 MB, stored once by content hash as `uploads/<sha>.<ext>` in the file
 * store every instance shares (key `content-images/uploads/<sha>.<ext>`; docs/decisions/063), which the image route
 * (images.ts) serves like every other image: `/_ipx/f_webp,q_95/uploads/<sha>.<ext>`.
 */
import { createHash } from 'node:crypto';
import type { TFileStore } from './file-store.ts';
import { invalidParameters } from './http/app-error.ts';
import { ipxUrl, uploadedImageKey } from './images.ts';

export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export { UPLOADED_IMAGE_PATH } from './images.ts';

const KINDS: { ext: string; matches: (b: Buffer) => boolean }[] = [
  { ext: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])) },
  { ext: 'jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', matches: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Stores the image (refused: requiredField, wrongType, maxSize on `image`); its path and its address. */
export const storeContentImage = async (files: TFileStore, data: Buffer) => {
  if (data.length === 0) throw invalidParameters({ image: 'requiredField' });
  if (data.length > IMAGE_UPLOAD_MAX_BYTES) throw invalidParameters({ image: 'maxSize' });
  const kind = KINDS.find((k) => k.matches(data));
  if (!kind) throw invalidParameters({ image: 'wrongType' });
  const path = `uploads/${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${kind.ext}`;
  await files.put(uploadedImageKey(path), data, `image/${kind.ext}`);
  return { path, url: ipxUrl(path), bytes: data.length };
};
