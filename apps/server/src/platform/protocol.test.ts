import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API protocol', () => {
  it('answers MethodNotFoundException (404) for an unknown call', async () => {
    const r = await apiClient(t.app).get('nothing.here');
    expect(r.status).toBe(404);
    expect(r.error.type).toBe('MethodNotFoundException');
    expect(r.data).toBeNull();
  });

  it('serves health and readiness', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(true);
  });

  it('serves the OpenAPI document', async () => {
    const r = await t.app.inject('/api/docs/json');
    expect(r.statusCode).toBe(200);
    expect(r.json().openapi).toBe('3.0.3');
  });
});
