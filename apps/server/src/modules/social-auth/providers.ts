/**
 * The social sign-in providers and their OAuth 2.0 / OpenID Connect settings. A provider is offered when its
 * credentials are configured (the sandbox: in the demo, or outside production) and the operator lists its service in
 * the registration config's social list. Endpoints are fixed here, so starting a sign-in needs no network.
 */
import { isSocialSandboxEnabled, type TConfig } from '../../platform/config.ts';
import { SANDBOX_OIDC_CLIENT_ID, sandboxClientSecret, sandboxIssuer } from '../sandbox-oidc/index.ts';

export const SOCIAL_SERVICES = ['sandbox', 'google', 'apple', 'facebook', 'x'] as const;
export type TSocialService = (typeof SOCIAL_SERVICES)[number];

export interface TProviderEndpoints {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri?: string;
  authorization_response_iss_parameter_supported?: boolean;
  id_token_signing_alg_values_supported?: string[];
}

export interface TSocialProviderSettings {
  service: TSocialService;
  /** OpenID Connect (an ID token with a nonce) or plain OAuth 2.0 with a profile call. */
  kind: 'oidc' | 'oauth2';
  endpoints: TProviderEndpoints;
  clientId: string;
  /** Apple's secret is a short-lived JWT made per request (apple-secret.ts). */
  clientSecret: string | 'apple-jwt';
  tokenAuth: 'client_secret_post' | 'client_secret_basic';
  scope: string;
  /** Apple answers with a POST when it is asked for the e-mail (response_mode=form_post). */
  responseMode?: 'form_post';
  /** The profile URL of an OAuth 2.0 provider (it has no OIDC userinfo). */
  profileUrl?: string;
}

const both = (a: string | undefined, b: string | undefined): a is string => Boolean(a && b);

export const socialProviderSettings = (
  config: TConfig,
  base: string,
): Partial<Record<TSocialService, TSocialProviderSettings>> => {
  const providers: Partial<Record<TSocialService, TSocialProviderSettings>> = {};
  if (isSocialSandboxEnabled(config)) {
    const issuer = sandboxIssuer(base);
    providers.sandbox = {
      service: 'sandbox',
      kind: 'oidc',
      endpoints: {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        authorization_response_iss_parameter_supported: true,
        id_token_signing_alg_values_supported: ['ES256'],
      },
      clientId: SANDBOX_OIDC_CLIENT_ID,
      clientSecret: sandboxClientSecret(config),
      tokenAuth: 'client_secret_basic',
      scope: 'openid email profile',
    };
  }
  if (both(config.OAUTH_GOOGLE_CLIENT_ID, config.OAUTH_GOOGLE_CLIENT_SECRET))
    providers.google = {
      service: 'google',
      kind: 'oidc',
      endpoints: {
        issuer: 'https://accounts.google.com',
        authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
        token_endpoint: 'https://oauth2.googleapis.com/token',
        userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
        jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
      },
      clientId: config.OAUTH_GOOGLE_CLIENT_ID,
      clientSecret: config.OAUTH_GOOGLE_CLIENT_SECRET ?? '',
      tokenAuth: 'client_secret_post',
      scope: 'openid email profile',
    };
  if (
    config.OAUTH_APPLE_CLIENT_ID &&
    config.OAUTH_APPLE_TEAM_ID &&
    config.OAUTH_APPLE_KEY_ID &&
    config.OAUTH_APPLE_PRIVATE_KEY
  )
    providers.apple = {
      service: 'apple',
      kind: 'oidc',
      endpoints: {
        issuer: 'https://appleid.apple.com',
        authorization_endpoint: 'https://appleid.apple.com/auth/authorize',
        token_endpoint: 'https://appleid.apple.com/auth/token',
        jwks_uri: 'https://appleid.apple.com/auth/keys',
      },
      clientId: config.OAUTH_APPLE_CLIENT_ID,
      clientSecret: 'apple-jwt',
      tokenAuth: 'client_secret_post',
      scope: 'openid email name',
      responseMode: 'form_post',
    };
  if (both(config.OAUTH_FACEBOOK_CLIENT_ID, config.OAUTH_FACEBOOK_CLIENT_SECRET))
    providers.facebook = {
      service: 'facebook',
      kind: 'oauth2',
      endpoints: {
        issuer: 'https://www.facebook.com',
        authorization_endpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
        token_endpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
      },
      clientId: config.OAUTH_FACEBOOK_CLIENT_ID,
      clientSecret: config.OAUTH_FACEBOOK_CLIENT_SECRET ?? '',
      tokenAuth: 'client_secret_post',
      scope: 'email public_profile',
      profileUrl: 'https://graph.facebook.com/v21.0/me?fields=id,name,first_name,last_name,email',
    };
  if (both(config.OAUTH_X_CLIENT_ID, config.OAUTH_X_CLIENT_SECRET))
    providers.x = {
      service: 'x',
      kind: 'oauth2',
      endpoints: {
        issuer: 'https://x.com',
        authorization_endpoint: 'https://x.com/i/oauth2/authorize',
        token_endpoint: 'https://api.x.com/2/oauth2/token',
      },
      clientId: config.OAUTH_X_CLIENT_ID,
      clientSecret: config.OAUTH_X_CLIENT_SECRET ?? '',
      tokenAuth: 'client_secret_basic',
      scope: 'users.read tweet.read',
      profileUrl: 'https://api.x.com/2/users/me',
    };
  return providers;
};

/** The services a visitor may use: the OAuth providers configured here. */
export const enabledSocialServices = (config: TConfig): string[] =>
  Object.keys(socialProviderSettings(config, 'http://localhost'));

export const isSocialService = (value: string): value is TSocialService =>
  (SOCIAL_SERVICES as readonly string[]).includes(value);
