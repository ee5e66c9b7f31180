/** The sandbox-oidc module's front door: what other modules may use of it. */
export { SANDBOX_OIDC_CLIENT_ID, sandboxClientSecret, sandboxIssuer } from './client.ts';
export { sandboxOidcModule } from './module.ts';
