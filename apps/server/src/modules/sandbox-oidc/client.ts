/**
 * The one client the sandbox provider knows: our own social sign-in. Its secret is derived from SESSION_SECRET,
 * so no fixed secret ships in the code; its one redirect URI is our callback for the `sandbox` service.
 */
import { createHmac } from 'node:crypto';
import type { TConfig } from '../../platform/config.ts';

export const SANDBOX_OIDC_CLIENT_ID = 'casino-sandbox';
export const SANDBOX_OIDC_PATH = '/sandbox-oidc';

export const sandboxClientSecret = (config: Pick<TConfig, 'SESSION_SECRET'>) =>
  createHmac('sha256', config.SESSION_SECRET).update('sandbox-oidc-client-secret').digest('base64url');

export const sandboxIssuer = (base: string) => `${base}${SANDBOX_OIDC_PATH}`;
export const sandboxRedirectUri = (base: string) => `${base}/oauth/callback/sandbox`;
