/** The UOF variables: the adapter is off without UOF_AMQP_URL; production needs the token only while it is on. */
import { describe, expect, it } from 'vitest';
import { isUofOn, loadConfig, testConfig } from '../../../platform/config.ts';
import { productionEnv } from '../../../test/production-env.ts';

describe('UOF configuration', () => {
  it('is off without a broker address (unset or empty), on with one', () => {
    expect(isUofOn(testConfig())).toBe(false);
    expect(isUofOn(testConfig({ UOF_AMQP_URL: '  ' }))).toBe(false);
    const on = testConfig({ UOF_AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672/', UOF_NODE_ID: '12' });
    expect(isUofOn(on)).toBe(true);
    expect(on.UOF_API_URL).toBe('https://api.betradar.com');
    expect(on.UOF_NODE_ID).toBe(12);
  });

  it('refuses a broker address that is not amqp(s), an API that is not http(s), a node id that is not an integer', () => {
    expect(() => testConfig({ UOF_AMQP_URL: 'http://broker' })).toThrow(/UOF_AMQP_URL/);
    expect(() => testConfig({ UOF_API_URL: 'ftp://api' })).toThrow(/UOF_API_URL/);
    expect(() => testConfig({ UOF_NODE_ID: '1.5' })).toThrow(/UOF_NODE_ID/);
  });

  it('production starts without UOF_ACCESS_TOKEN while UOF is off, and refuses without it while it is on', () => {
    expect(() => loadConfig(productionEnv())).not.toThrow();
    const broker = { UOF_AMQP_URL: 'amqps://token@mq.betradar.com:5671/unifiedfeed/1234' };
    expect(() => loadConfig(productionEnv(broker))).toThrow(/set UOF_ACCESS_TOKEN too/);
    expect(isUofOn(loadConfig(productionEnv({ ...broker, UOF_ACCESS_TOKEN: 'sr-token' })))).toBe(true);
  });
});
