/**
 * The API protocol: `/api/{namespace}.{method}`, matched case-insensitively, GET params from the query,
 * POST params from the form body (urlencoded or multipart) over the query; `v`, `locale` and `_non_strict`
 * are protocol params, not call params. Handlers get parsed params and answer data; errors go to the handler.
 */
import { callKey, type TCallContract } from '@casino/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, invalidParameters } from './app-error.ts';
import { ok } from './envelope.ts';
import { fieldCodesFromZod } from './error-handler.ts';

export type THandler<C extends TCallContract> = (
  params: z.output<C['params']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<C['data']>> | z.input<C['data']>;

export interface TRateLimit {
  /** How many calls a window allows for one key. */
  max: number;
  windowSeconds: number;
  /** What the limit counts by: the client address, or a param's value too (e.g. the login). */
  by?: (params: Record<string, unknown>, request: FastifyRequest) => string | undefined;
}

interface TRegisteredCall {
  contract: TCallContract;
  handler: THandler<TCallContract>;
  rateLimit?: TRateLimit;
}

/** A file part of a multipart body, read into memory (bounded by the multipart limits). */
export interface TUploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const PROTOCOL_PARAMS = new Set(['v', 'locale', '_non_strict']);

export class ApiRegistry {
  readonly #calls = new Map<string, TRegisteredCall>();

  handle<C extends TCallContract>(
    contract: C,
    handler: THandler<C>,
    options: { rateLimit?: TRateLimit } = {},
  ) {
    const key = callKey(contract.name);
    if (this.#calls.has(key)) throw new Error(`call registered twice: ${contract.name}`);
    this.#calls.set(key, {
      contract,
      handler: handler as THandler<TCallContract>,
      rateLimit: options.rateLimit,
    });
  }

  get(name: string) {
    return this.#calls.get(callKey(name));
  }

  contracts() {
    return [...this.#calls.values()].map((c) => c.contract);
  }
}

const flattenBody = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body as Record<string, unknown>)) {
    const parts = Array.isArray(raw) ? raw : [raw];
    const values = parts.map((part) => {
      if (part && typeof part === 'object' && 'type' in part) {
        const p = part as {
          type: string;
          value?: unknown;
          filename?: string;
          mimetype?: string;
          _buf?: Buffer;
        };
        if (p.type === 'file')
          return { filename: p.filename ?? '', mimetype: p.mimetype ?? '', data: p._buf ?? Buffer.alloc(0) };
        return p.value;
      }
      return part;
    });
    out[key] = Array.isArray(raw) ? values : values[0];
  }
  return out;
};

const withoutProtocolParams = (source: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(source).filter(([k]) => !PROTOCOL_PARAMS.has(k)));

export const registerApiRouter = (
  app: FastifyInstance,
  registry: ApiRegistry,
  hooks: {
    rateLimit: (key: string, limit: TRateLimit) => Promise<void>;
    checkOrigin: (request: FastifyRequest) => void;
    validateData: boolean;
  },
) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/:call',
    handler: async (request, reply) => {
      const { call } = request.params as { call: string };
      const registered = registry.get(call);
      if (!registered || registered.contract.method !== request.method)
        throw new AppError('MethodNotFoundException', { method: call });
      const { contract, handler, rateLimit } = registered;

      if (request.method === 'POST') hooks.checkOrigin(request);
      const query = (request.query ?? {}) as Record<string, unknown>;
      // The protocol params travel in the query; a POST body's fields are all the call's own (changelocale's `locale`).
      const input =
        request.method === 'POST'
          ? { ...withoutProtocolParams(query), ...flattenBody(request.body) }
          : withoutProtocolParams(query);

      if (rateLimit) {
        const subject = rateLimit.by?.(input, request) ?? '';
        await hooks.rateLimit(`${callKey(contract.name)}:${request.ip}:${subject.toLowerCase()}`, rateLimit);
      }
      if (contract.access === 'user' && !request.player) throw new AppError('AuthorizationException');

      const parsed = contract.params.safeParse(input);
      if (!parsed.success) throw invalidParameters(fieldCodesFromZod(parsed.error, input));
      const params = parsed.data;
      const data = await handler(params, request, reply);
      if (hooks.validateData) {
        const checked = contract.data.safeParse(data);
        if (!checked.success) {
          request.log.error(
            { call: contract.name, issues: checked.error.issues },
            'response breaks its contract',
          );
          throw new AppError('InternalServerErrorException');
        }
      }
      return ok(data ?? null);
    },
  });
};
