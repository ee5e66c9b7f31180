/**
 * openid-client configurations for the providers. The sandbox provider is this server itself: its calls go
 * through `app.inject`, never the network, and its plain-http issuer is allowed only for it.
 */
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { TAppContext } from '../../platform/context.ts';
import { appleClientSecret } from './apple-secret.ts';
import type { TSocialProviderSettings } from './providers.ts';

/** A fetch that answers from this app's own routes (the sandbox provider). */
export const injectFetch =
  (app: FastifyInstance): client.CustomFetch =>
  async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };

export const clientConfiguration = async (
  app: FastifyInstance,
  ctx: TAppContext,
  settings: TSocialProviderSettings,
): Promise<client.Configuration> => {
  const now = ctx.providers.clock.now();
  const secret =
    settings.clientSecret === 'apple-jwt' ? await appleClientSecret(ctx.config, now) : settings.clientSecret;
  const auth =
    settings.tokenAuth === 'client_secret_basic'
      ? client.ClientSecretBasic(secret)
      : client.ClientSecretPost(secret);
  const config = new client.Configuration(
    { ...settings.endpoints },
    settings.clientId,
    // Token times are checked against our clock (injectable), not the machine's.
    { client_secret: secret, [client.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000) },
    auth,
  );
  if (settings.service === 'sandbox') {
    config[client.customFetch] = injectFetch(app);
    if (settings.endpoints.issuer.startsWith('http:')) client.allowInsecureRequests(config);
  }
  return config;
};
