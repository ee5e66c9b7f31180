/**
 * A local stand-in for S3-compatible object storage, for tests: path-style PutObject, GetObject, HeadObject and
 * DeleteObject (`/<bucket>/<key>`) as the AWS SDK sends them, each request's Signature Version 4 `Authorization`
 * header checked (its form, the access key, the scope, and the signature recomputed with the secret), answering 403
 * SignatureDoesNotMatch otherwise and 404 NoSuchKey for a missing key, as S3 does.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TS3Request {
  method: string;
  path: string;
  authorization: string;
  signatureValid: boolean;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Recomputes the request's signature from its parts (the SigV4 canonical request of S3: the path encoded once). */
const signatureOf = (
  request: IncomingMessage,
  body: Buffer,
  secret: string,
  signedHeaders: string,
  date: string,
  region: string,
) => {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? sha256(body));
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${secret}`, date);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex');
};

export const startS3StandIn = async (options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}) => {
  const objects = new Map<string, { data: Buffer; type: string; modified: Date }>();
  const requests: TS3Request[] = [];
  const error = (code: string, status: number) => ({
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  });

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const authorization = String(request.headers.authorization ?? '');
    const m = AUTH.exec(authorization);
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://stand-in').pathname);
    const signatureValid =
      !!m &&
      m[1] === options.accessKeyId &&
      m[3] === options.region &&
      /^\d{8}T\d{6}Z$/.test(String(request.headers['x-amz-date'])) &&
      String(request.headers['x-amz-date']).startsWith(m[2] ?? '-') &&
      (m[4] ?? '').split(';').includes('host') &&
      (m[4] ?? '').split(';').includes('x-amz-date') &&
      signatureOf(request, body, options.secretAccessKey, m[4] ?? '', m[2] ?? '', m[3] ?? '') === m[5];
    requests.push({ method: request.method ?? '', path, authorization, signatureValid });
    const send = (status: number, text = '', headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/xml', ...headers });
      response.end(request.method === 'HEAD' ? undefined : text);
    };
    if (!signatureValid) {
      const e = error('SignatureDoesNotMatch', 403);
      return send(e.status, e.body);
    }
    const prefix = `/${options.bucket}/`;
    if (!path.startsWith(prefix)) {
      const e = error('NoSuchBucket', 404);
      return send(e.status, e.body);
    }
    const key = path.slice(prefix.length);
    const found = objects.get(key);
    const describe = (o: { data: Buffer; type: string; modified: Date }) => ({
      'content-type': o.type,
      'content-length': String(o.data.length),
      'last-modified': o.modified.toUTCString(),
      etag: `"${createHash('md5').update(o.data).digest('hex')}"`,
    });
    switch (request.method) {
      case 'PUT': {
        const stored = {
          data: body,
          type: String(request.headers['content-type'] ?? 'binary/octet-stream'),
          modified: new Date(Math.floor(Date.now() / 1000) * 1000),
        };
        objects.set(key, stored);
        return send(200, '', { etag: describe(stored).etag });
      }
      case 'GET':
      case 'HEAD': {
        if (!found) {
          const e = error('NoSuchKey', 404);
          return send(e.status, e.body);
        }
        response.writeHead(200, describe(found));
        return response.end(request.method === 'HEAD' ? undefined : found.data);
      }
      case 'DELETE':
        objects.delete(key);
        return send(204);
      default: {
        const e = error('MethodNotAllowed', 405);
        return send(e.status, e.body);
      }
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};
