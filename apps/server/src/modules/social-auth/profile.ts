/** A provider's answer read as one profile: ID token claims (OpenID Connect) or the profile call (OAuth 2.0). */
import * as client from 'openid-client';
import type { TSocialProfile } from './identities.ts';
import type { TSocialProviderSettings } from './providers.ts';

type TTokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** Apple sends `"true"` as a string; everyone else a boolean. */
const isTrue = (value: unknown) => value === true || value === 'true';

const splitName = (name: string) => {
  const [first = '', ...rest] = name.split(/\s+/).filter(Boolean);
  return { firstName: first, lastName: rest.join(' ') };
};

export const readProfile = async (
  config: client.Configuration,
  settings: TSocialProviderSettings,
  tokens: TTokens,
  /** Apple posts the user's name once, beside the code (form field `user`). */
  extra: { appleUser?: string } = {},
): Promise<TSocialProfile> => {
  if (settings.kind === 'oidc') {
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let source: Record<string, unknown> = claims;
    if (!str(claims.email) && settings.endpoints.userinfo_endpoint)
      source = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    let names = { firstName: str(source.given_name), lastName: str(source.family_name) };
    if (!names.firstName && str(source.name)) names = splitName(str(source.name));
    if (!names.firstName && extra.appleUser) {
      try {
        const user = JSON.parse(extra.appleUser) as { name?: { firstName?: string; lastName?: string } };
        names = { firstName: str(user.name?.firstName), lastName: str(user.name?.lastName) };
      } catch {
        // A malformed `user` field only loses the name.
      }
    }
    return {
      service: settings.service,
      subject: claims.sub,
      email: str(source.email) || null,
      emailVerified: Boolean(str(source.email)) && isTrue(source.email_verified),
      ...names,
    };
  }
  const response = await client.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(settings.profileUrl ?? ''),
    'GET',
  );
  if (!response.ok) throw new Error(`profile call answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  const user = (body.data && typeof body.data === 'object' ? body.data : body) as Record<string, unknown>;
  const subject = str(user.id) || String(user.id ?? '');
  if (!subject) throw new Error('profile without id');
  const names = str(user.first_name)
    ? { firstName: str(user.first_name), lastName: str(user.last_name) }
    : splitName(str(user.name));
  // Neither Facebook nor X says the e-mail was verified: it is kept, never used to link.
  return {
    service: settings.service,
    subject,
    email: str(user.email) || null,
    emailVerified: false,
    ...names,
  };
};
