/**
 * UOF's REST API (UOF_API_URL, `x-access-token: UOF_ACCESS_TOKEN`): an event's fixture, the market descriptions
 * and recovery requests (docs: "Recovery using API"). XML in, typed data out (rest-types.ts); an HTTP error or an
 * answer that is not the schema's is a UofRestError naming the call.
 */
import { parseFixture, parseMarketDescriptions, parseResponse, type TFixture } from './rest-types.ts';
import { UofXmlError } from './xml.ts';

export class UofRestError extends Error {
  override name = 'UofRestError';
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    if (status !== undefined) this.status = status;
  }
}

/** A producer's name in the API's paths (the `api_url` of /v1/descriptions/producers.xml). */
export const PRODUCT_PATHS: Record<number, string> = {
  1: 'liveodds',
  3: 'pre',
  4: 'betpal',
  5: 'premium_cricket',
};

export interface TRecoveryRequest {
  product: number;
  /** Messages since this instant (ms); absent: a full recovery (first start, or longer down than the window). */
  after?: number;
  requestId: number;
  nodeId?: number;
}

export interface TUofRestClient {
  fixture(eventUrn: string, lang?: string): Promise<TFixture>;
  marketDescriptions(lang?: string): Promise<ReturnType<typeof parseMarketDescriptions>>;
  /** POST …/recovery/initiate_request; resolves when the API accepted it (its messages then come over AMQP). */
  requestRecovery(request: TRecoveryRequest): Promise<{ responseCode: string }>;
}

export const createUofRestClient = (options: {
  apiUrl: string;
  accessToken?: string;
  /** ms before a call is given up (default 15 s) */
  timeoutMs?: number;
  fetch?: typeof fetch;
}): TUofRestClient => {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  const call = async (method: 'GET' | 'POST', path: string) => {
    const what = `${method} ${path}`;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/xml',
          ...(options.accessToken ? { 'x-access-token': options.accessToken } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new UofRestError(`${what}: ${(error as Error).message}`);
    }
    const body = await response.text();
    if (!response.ok) {
      let detail = '';
      try {
        const answer = parseResponse(body);
        detail = answer.message || answer.action || '';
      } catch {
        /* not a `response` document: the status says enough */
      }
      throw new UofRestError(
        `${what}: HTTP ${response.status}${detail ? ` (${detail})` : ''}`,
        response.status,
      );
    }
    return body;
  };
  const parsed = async <T>(method: 'GET' | 'POST', path: string, parse: (xml: string) => T) => {
    const body = await call(method, path);
    try {
      return parse(body);
    } catch (error) {
      if (error instanceof UofXmlError) throw new UofRestError(`${method} ${path}: ${error.message}`);
      throw error;
    }
  };
  return {
    fixture: (eventUrn, lang = 'en') =>
      parsed(
        'GET',
        `/v1/sports/${encodeURIComponent(lang)}/sport_events/${encodeURIComponent(eventUrn)}/fixture.xml`,
        parseFixture,
      ),
    marketDescriptions: (lang = 'en') =>
      parsed('GET', `/v1/descriptions/${encodeURIComponent(lang)}/markets.xml`, parseMarketDescriptions),
    requestRecovery: async (request) => {
      const product = PRODUCT_PATHS[request.product];
      if (!product) throw new UofRestError(`no API path known for product ${request.product}`);
      const query = new URLSearchParams();
      if (request.after !== undefined) query.set('after', String(request.after));
      query.set('request_id', String(request.requestId));
      if (request.nodeId !== undefined) query.set('node_id', String(request.nodeId));
      const body = await call('POST', `/v1/${product}/recovery/initiate_request?${query}`);
      try {
        return { responseCode: parseResponse(body).responseCode };
      } catch {
        // Accepted (2xx) with a body that is not a `response` document: accepted all the same.
        return { responseCode: 'ACCEPTED' };
      }
    },
  };
};
