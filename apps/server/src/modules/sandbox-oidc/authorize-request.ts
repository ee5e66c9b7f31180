/**
 * The sandbox's authorization request check (OpenID Connect Core 3.1.2.1 with PKCE, RFC 7636): only our
 * client, only its registered redirect URI, response type `code`, scope `openid`, S256 challenge required.
 */
import { SANDBOX_OIDC_CLIENT_ID, sandboxRedirectUri } from './client.ts';

export interface TAuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  scope: string;
}

/** `fatal`: the redirect URI cannot be trusted, so the error is shown here; `redirect`: sent back to the client. */
export type TAuthorizeCheck =
  | { ok: true; request: TAuthorizeRequest }
  | { ok: false; kind: 'fatal'; error: string }
  | { ok: false; kind: 'redirect'; error: string; description: string; redirectUri: string; state: string };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const checkAuthorizeRequest = (query: Record<string, unknown>, base: string): TAuthorizeCheck => {
  const clientId = text(query.client_id);
  const redirectUri = text(query.redirect_uri);
  if (clientId !== SANDBOX_OIDC_CLIENT_ID) return { ok: false, kind: 'fatal', error: 'Unknown client_id.' };
  if (redirectUri !== sandboxRedirectUri(base))
    return { ok: false, kind: 'fatal', error: 'redirect_uri is not registered for this client.' };
  const state = text(query.state);
  const refuse = (error: string, description: string): TAuthorizeCheck => ({
    ok: false,
    kind: 'redirect',
    error,
    description,
    redirectUri,
    state,
  });
  if (text(query.response_type) !== 'code')
    return refuse('unsupported_response_type', 'only response_type=code is supported');
  const scope = text(query.scope);
  if (!scope.split(' ').includes('openid')) return refuse('invalid_scope', 'scope must include openid');
  const codeChallenge = text(query.code_challenge);
  if (text(query.code_challenge_method) !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))
    return refuse('invalid_request', 'a PKCE code_challenge with method S256 is required');
  if (state.length > 512 || text(query.nonce).length > 512)
    return refuse('invalid_request', 'state or nonce too long');
  return {
    ok: true,
    request: { clientId, redirectUri, state, nonce: text(query.nonce), codeChallenge, scope },
  };
};

/** The client's redirect URI with the given response parameters (and `iss`, RFC 9207). */
export const redirectWith = (redirectUri: string, params: Record<string, string>) => {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
};
