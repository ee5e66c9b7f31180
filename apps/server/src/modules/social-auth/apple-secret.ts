/**
 * Sign in with Apple's client secret: an ES256 JWT signed with the team's private key (iss team id, sub the
 * Services ID, aud https://appleid.apple.com), made per token request and valid for 5 minutes.
 */
import { importPKCS8, SignJWT } from 'jose';
import type { TConfig } from '../../platform/config.ts';

export const appleClientSecret = async (config: TConfig, now: Date): Promise<string> => {
  const pem = (config.OAUTH_APPLE_PRIVATE_KEY ?? '').replace(/\\n/g, '\n');
  const key = await importPKCS8(pem, 'ES256');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: config.OAUTH_APPLE_KEY_ID ?? '' })
    .setIssuer(config.OAUTH_APPLE_TEAM_ID ?? '')
    .setSubject(config.OAUTH_APPLE_CLIENT_ID ?? '')
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(key);
};
