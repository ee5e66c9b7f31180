/**
 * Form bodies read strictly: an urlencoded body must be UTF-8, before and after its percent-decoding, or it is
 * refused whole (InvalidRequestException) rather than read with replacement characters. Multipart bodies that
 * break while they are read are refused the same way; a NUL in any field is a field error (`wrongField`).
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidParameters } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Between the body-reading hooks: a failure now is the body's, not ours. */
    readingBody: boolean;
  }
}

export const malformedBody = () => new AppError('InvalidRequestException', { message: 'Malformed body' });

const decode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));

/** `a=1&b=2&b=3` → `{ a: '1', b: ['2', '3'] }`; throws on bytes or escapes that are not UTF-8. */
export const parseUrlencoded = (body: Buffer): Record<string, string | string[]> => {
  if (!isUtf8(body)) throw malformedBody();
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const pair of body.toString('utf8').split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    let key: string;
    let value: string;
    try {
      key = decode(at < 0 ? pair : pair.slice(0, at));
      value = at < 0 ? '' : decode(pair.slice(at + 1));
    } catch {
      throw malformedBody();
    }
    const existing = fields[key];
    fields[key] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return fields;
};

/** The names of fields holding a NUL: text fields, file names, and strings nested in a JSON body. */
export const fieldsWithNul = (value: unknown, path = '', depth = 0): string[] => {
  if (typeof value === 'string') return value.includes('\u0000') ? [path || '_'] : [];
  if (!value || typeof value !== 'object' || depth > 8) return [];
  if (Array.isArray(value)) return value.flatMap((item) => fieldsWithNul(item, path, depth + 1));
  // A stream (the site reads its own bodies) or raw bytes: nothing parsed to look at.
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return [];
  const part = value as { type?: unknown; value?: unknown; filename?: unknown };
  if (part.type === 'field') return fieldsWithNul(part.value, path, depth + 1);
  if (part.type === 'file') return fieldsWithNul(part.filename, path, depth + 1);
  return Object.entries(value).flatMap(([key, item]) =>
    fieldsWithNul(item, path ? `${path}.${key}` : key, depth + 1),
  );
};

const refuseNul = (request: FastifyRequest) => {
  const fields = [...fieldsWithNul(request.query), ...fieldsWithNul(request.body)];
  if (fields.length > 0) throw invalidParameters(Object.fromEntries(fields.map((f) => [f, 'wrongField'])));
};

/** Before the multipart plugin: its body reading runs between this hook and `guardFormBodies`' one. */
export const registerStrictUrlencoded = (app: FastifyInstance) => {
  app.decorateRequest('readingBody', false);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_request, body, done) => {
      try {
        done(null, parseUrlencoded(body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addHook('preValidation', async (request) => {
    request.readingBody = true;
  });
};

/** After the multipart plugin: the body is read; NUL characters are refused. */
export const guardFormBodies = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    request.readingBody = false;
    refuseNul(request);
  });
};
