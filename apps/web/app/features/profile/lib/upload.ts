/**
 * Document uploads: the checks made before sending (type and size, as the server's rules) and a multipart POST
 * through XMLHttpRequest, whose upload events give the progress that fetch cannot.
 */
import {
  KYC_IMAGE_TYPES,
  KYC_MAX_FILE_BYTES,
  KYC_PROOF_OF_ADDRESS_TYPES,
  type TKycDocumentKind,
  type TVerificationState,
} from '@casino/contracts/calls/verification';
import { API_VERSION, ApiError } from '../../../lib/api/client';

export type TFileProblem = 'type' | 'size' | null;

export const acceptedTypes = (kind: TKycDocumentKind): readonly string[] =>
  kind === 'proof_of_address' ? KYC_PROOF_OF_ADDRESS_TYPES : KYC_IMAGE_TYPES;

export const checkFile = (kind: TKycDocumentKind, file: { type: string; size: number }): TFileProblem => {
  if (!acceptedTypes(kind).includes(file.type)) return 'type';
  if (file.size > KYC_MAX_FILE_BYTES || file.size === 0) return 'size';
  return null;
};

export const MAX_MB = KYC_MAX_FILE_BYTES / 1024 / 1024;

export const uploadDocument = (
  input: { token: string; kind: TKycDocumentKind; file: File; locale: string },
  onProgress: (fraction: number) => void,
): Promise<TVerificationState> =>
  new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('token', input.token);
    body.append('kind', input.kind);
    body.append('file', input.file, input.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open(
      'POST',
      `/api/verification.uploadDocument?v=${API_VERSION}&locale=${encodeURIComponent(input.locale)}`,
    );
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('UnknownErrorException', { message: 'network' }, 0));
    xhr.onload = () => {
      try {
        const envelope = JSON.parse(xhr.responseText) as {
          data: TVerificationState | null;
          error: { type: ApiError['type']; error_data?: ApiError['data'] } | null;
        };
        if (envelope.error)
          reject(new ApiError(envelope.error.type, envelope.error.error_data ?? {}, xhr.status));
        else resolve(envelope.data as TVerificationState);
      } catch {
        reject(new ApiError('UnknownErrorException', { message: `HTTP ${xhr.status}` }, xhr.status));
      }
    };
    xhr.send(body);
  });
