/**
 * The API client of spec §7: `/api/{name}?v=1&locale=…`, form-data bodies, null params dropped, `_non_strict`
 * inside the embedding frame; the envelope becomes typed data or a typed `ApiError`.
 * The same code runs in the browser (global fetch) and in server loaders (the in-process door).
 */
import type { TCallContract, TData, TParams } from '@casino/contracts/call';
import type { TApiError, TEnvelope, TErrorType } from '@casino/contracts/errors';

export const API_VERSION = '1';

export class ApiError extends Error {
  readonly type: TErrorType;
  readonly data: TApiError['error_data'];
  readonly status: number;

  constructor(type: TErrorType, data: TApiError['error_data'], status: number) {
    super(type);
    this.name = 'ApiError';
    this.type = type;
    this.data = data;
    this.status = status;
  }

  /** Field codes of `InvalidParameterException` (spec §5), keyed by field. */
  get invalidParameters(): Record<string, string> {
    return this.data.invalid_parameters ?? {};
  }
}

export const isApiError = (error: unknown, type?: TErrorType): error is ApiError =>
  error instanceof ApiError && (type === undefined || error.type === type);

export type TParamValue = string | number | boolean | null | undefined | Blob | readonly (string | number)[];
export type TApiParams = Record<string, TParamValue>;

export interface TApiClientOptions {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  locale: () => string;
  /** Calls made inside the embedding frame carry `_non_strict` (spec §7). */
  nonStrict?: () => boolean;
  /** Sees every refusal of the server before the caller does (the site's shared answers, refusal-handlers.ts). */
  onRefusal?: (error: ApiError) => void;
}

const textOf = (value: Exclude<TParamValue, Blob | null | undefined>) =>
  Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);

export const createApiClient = (options: TApiClientOptions) => {
  const request = async <D>(method: 'GET' | 'POST', name: string, params: TApiParams = {}): Promise<D> => {
    const query = new URLSearchParams({ v: API_VERSION, locale: options.locale() });
    if (options.nonStrict?.()) query.set('_non_strict', '1');
    const entries = Object.entries(params).filter(
      (entry): entry is [string, Exclude<TParamValue, null | undefined>] =>
        entry[1] !== null && entry[1] !== undefined,
    );
    let body: FormData | URLSearchParams | undefined;
    if (method === 'GET') {
      for (const [key, value] of entries) if (!(value instanceof Blob)) query.set(key, textOf(value));
    } else {
      const hasFile = entries.some(([, value]) => value instanceof Blob);
      if (hasFile) {
        const form = new FormData();
        for (const [key, value] of entries) form.append(key, value instanceof Blob ? value : textOf(value));
        body = form;
      } else {
        body = new URLSearchParams(entries.map(([key, value]) => [key, textOf(value as never)]));
      }
    }
    const response = await options.fetch(`/api/${name}?${query}`, {
      method,
      body,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    let envelope: TEnvelope<D>;
    try {
      envelope = (await response.json()) as TEnvelope<D>;
    } catch {
      throw new ApiError('UnknownErrorException', { message: `HTTP ${response.status}` }, response.status);
    }
    if (envelope.error) {
      const error = new ApiError(envelope.error.type, envelope.error.error_data ?? {}, response.status);
      options.onRefusal?.(error);
      throw error;
    }
    return envelope.data as D;
  };

  return {
    get: <D>(name: string, params?: TApiParams) => request<D>('GET', name, params),
    post: <D>(name: string, params?: TApiParams) => request<D>('POST', name, params),
    /** A call typed by its contract (type-only import: no schema code reaches the browser). */
    call: <C extends TCallContract>(ref: TCallRef<C>, params?: TParams<C>) =>
      request<TData<C>>(ref.method, ref.name, (params ?? {}) as TApiParams),
  };
};

/** A call by name and method, carrying its contract's type only. */
export interface TCallRef<C extends TCallContract> {
  name: string;
  method: 'GET' | 'POST';
  readonly contract?: C;
}

export const callRef = <C extends TCallContract>(name: C['name'], method: C['method']): TCallRef<C> => ({
  name,
  method,
});

export type TApiClient = ReturnType<typeof createApiClient>;
