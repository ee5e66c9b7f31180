/** A production start's environment with every secret set to a value of its own (tests of production starts). */
import { requiredSecrets } from '../platform/secrets.ts';

const OWN_VALUES: Record<string, string> = {
  TOTP_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  DEMO_OPERATOR_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
};

export const productionSecrets = (): Record<string, string> =>
  Object.fromEntries(
    requiredSecrets(true).map((s) => [
      s.name,
      OWN_VALUES[s.name] ?? `test-${s.name.toLowerCase()}-of-its-own-0123456789`,
    ]),
  );

export const productionEnv = (overrides: Record<string, string> = {}): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SERVE_WEB: '0',
  DATA_DIR: 'memory://',
  PUBLIC_URL: 'https://casino.example.com',
  ...productionSecrets(),
  ...overrides,
});
