/** OpenAPI 3.1 generated from the contracts of every registered call, at `/api/docs` (UI) and `/api/docs/json`. */

import { ERROR_TYPES, type TCallContract } from '@casino/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TAppContext } from './context.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
};

const operation = (call: TCallContract) => {
  const params = jsonSchema(call.params, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const envelope = (data: unknown) => ({
    type: 'object',
    properties: {
      data,
      error: {
        type: 'object',
        nullable: true,
        properties: { type: { type: 'string', enum: ERROR_TYPES }, error_data: { type: 'object' } },
      },
    },
  });
  const protocol = [
    { name: 'v', in: 'query', schema: { type: 'string' }, description: 'API version' },
    { name: 'locale', in: 'query', schema: { type: 'string' }, description: 'Locale of messages' },
  ];
  const fields = Object.entries(params.properties ?? {});
  const body =
    call.method === 'POST'
      ? {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': { schema: params },
              'multipart/form-data': { schema: params },
            },
          },
        }
      : {};
  const query =
    call.method === 'GET'
      ? fields.map(([name, schema]) => ({
          name,
          in: 'query',
          schema,
          required: params.required?.includes(name) ?? false,
        }))
      : [];
  return {
    [call.method.toLowerCase()]: {
      summary: call.summary,
      tags: [call.name.split('.')[0]],
      security: call.access === 'user' ? [{ session: [] }] : [],
      parameters: [...protocol, ...query],
      ...body,
      responses: {
        200: {
          description: 'Success',
          content: { 'application/json': { schema: envelope(jsonSchema(call.data, 'output')) } },
        },
        default: {
          description: 'An error of spec §8',
          content: { 'application/json': { schema: envelope({ nullable: true }) } },
        },
      },
    },
  };
};

export const buildOpenApiDocument = (calls: TCallContract[], publicUrl: string) => ({
  openapi: '3.0.3',
  info: { title: 'Casino platform API', version: '1', description: 'Every call: /api/{namespace}.{method}' },
  servers: [{ url: publicUrl }],
  components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
  paths: Object.fromEntries(calls.map((call) => [`/api/${call.name}`, operation(call)])),
});

export const registerOpenApi = async (app: FastifyInstance, ctx: TAppContext) => {
  await app.register(swagger, {
    mode: 'static',
    specification: {
      document: buildOpenApiDocument(ctx.api.contracts(), ctx.config.PUBLIC_URL || '/') as never,
    },
  });
  // Swagger UI's page loads only its own scripts (no nonce to give): its static policy, without <base>, with the
  // inline styles it sets (styles are not restricted on our other pages either), and without
  // upgrade-insecure-requests, which would send a plain-http run's own files to https.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace('style-src ', "style-src 'unsafe-inline' ")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
};
