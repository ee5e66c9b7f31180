/**
 * The server's logger options: what a log line may never carry. Tokens, passwords and signatures reach a log
 * three ways: a query string (`/ws?token=…`), a header, and a database error, whose query parameters and SQL
 * literals are the request's values (a wallet call's session token). Each is masked here, for every logger.
 */
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import type { TConfig } from './config.ts';

export const REDACTED = '[redacted]';

/** Query-string parameters whose value is a credential (or may be one: any *code, *key, *token…). */
const SECRET_PARAM = /pass|token|secret|session|sig|otp|code|key|auth|nonce|state|ticket|hash|jwt|sid/i;

/** The URL with the value of every secret-like query parameter replaced. */
export const redactUrl = (url: string): string => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        /* a malformed name is matched as sent */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at + 1)}${query}`;
};

/** SQL string literals (`'…'`, `E'…'`, as pg.escapeLiteral writes them) masked: they carry request values. */
export const maskSqlLiterals = (text: string): string =>
  text.replace(/\bE'(?:[^'\\]|''|\\.)*'|'(?:[^']|'')*'/g, "'…'");

/** A database message's echo of a value (`invalid input syntax for type json: "…"`, `Key (token)=(…)`). */
const maskEchoedValues = (text: string): string =>
  text.replace(/(: |value |Token )"(?:[^"]|"")*"/g, '$1"…"').replace(/(\)=\(|contains \()[^\n]*\)/g, '$1…)');

const SQL_FIELDS = ['query', 'internalQuery', 'where'] as const;
const ECHO_FIELDS = ['detail', 'hint'] as const;

/** A copy of the error (and its causes) with request values masked: query parameters, SQL literals, echoes. */
export const scrubError = (error: unknown, depth = 0): unknown => {
  if (!error || typeof error !== 'object' || typeof (error as Error).message !== 'string' || depth > 8)
    return error;
  const source = error as Error & Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(source)) as Record<string, unknown>;
  for (const key of Object.keys(source)) copy[key] = source[key];
  // Drizzle's message is `Failed query: <sql>\nparams: <values>`: rebuilt from the masked SQL alone.
  const message =
    typeof source.query === 'string' && source.message.startsWith('Failed query:')
      ? `Failed query: ${maskSqlLiterals(source.query)}`
      : maskEchoedValues(source.message);
  if (Array.isArray(source.params)) copy.params = `${source.params.length} parameters ${REDACTED}`;
  for (const field of SQL_FIELDS)
    if (typeof source[field] === 'string') copy[field] = maskSqlLiterals(source[field] as string);
  for (const field of ECHO_FIELDS)
    if (typeof source[field] === 'string') copy[field] = maskEchoedValues(source[field] as string);
  // The stack starts with the message; only its frames are kept beside the masked message.
  const frames = (source.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', {
    value: [`${source.name ?? 'Error'}: ${message}`, ...frames].join('\n'),
    enumerable: false,
    writable: true,
  });
  if (source.cause !== undefined) copy.cause = scrubError(source.cause, depth + 1);
  if (Array.isArray(source.errors)) copy.errors = source.errors.map((e) => scrubError(e, depth + 1));
  return copy;
};

/** Fastify's own request serializer, with the URL's secrets masked. */
const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Sees each line logged at error level or above before it is written (the error reporter: observability/). */
export type TErrorLogHook = (level: number, args: unknown[], bindings: Record<string, unknown>) => void;

/**
 * Pino options for Fastify's logger; `stream` sends the lines elsewhere than stdout (tests read them); `onError`
 * sees every line at error level or above (with the logger's bindings: a request's id).
 */
export const loggerOptions = (
  config: Pick<TConfig, 'LOG_LEVEL'>,
  stream?: pino.DestinationStream,
  onError?: TErrorLogHook,
) => ({
  level: config.LOG_LEVEL,
  ...(onError
    ? {
        hooks: {
          logMethod(this: pino.Logger, args: Parameters<pino.LogFn>, method: pino.LogFn, level: number) {
            if (level >= 50) onError(level, args, this.bindings());
            return method.apply(this, args);
          },
        },
      }
    : {}),
  serializers: {
    req: serializeRequest,
    err: (error: unknown) => pino.stdSerializers.err(scrubError(error) as Error),
  },
  // Whatever logs a request's headers later: its credentials stay out.
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["x-wallet-signature"]',
      'res.headers["set-cookie"]',
    ],
    censor: REDACTED,
  },
  ...(stream ? { stream } : {}),
});
