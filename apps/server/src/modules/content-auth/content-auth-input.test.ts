/** The content client's other answers: registration and social providers off, and bad input as ValidationError. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { postJson } from './content-auth-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const applicationError = (message: string) => ({
  data: null,
  error: { status: 400, name: 'ApplicationError', message, details: {} },
});

describe('switched-off actions', () => {
  it('answers registration as disabled: editor accounts are made by an admin', async () => {
    const response = await postJson(t.app, '/auth/local/register', {
      username: 'someone',
      email: 'someone@example.com',
      password: 'a-password-of-enough-length',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(applicationError('Register action is currently disabled'));
  });

  it('answers every social provider as disabled, on connect and on callback', async () => {
    for (const url of [
      '/connect/google',
      '/connect/github',
      '/auth/google/callback?access_token=x',
      '/auth/sandbox/callback',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(applicationError('This provider is disabled'));
    }
  });

  it('answers { email, sent: true } to send-email-confirmation, mailing nothing', async () => {
    const response = await postJson(t.app, '/auth/send-email-confirmation', {
      email: 'editor@ops.example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'editor@ops.example.com', sent: true });
  });
});

describe('bad input', () => {
  const routes = [
    '/auth/local',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/auth/send-email-confirmation',
  ];

  it('answers malformed JSON, a non-object body and an empty body with ValidationError 400', async () => {
    for (const url of routes)
      for (const payload of ['{"identifier":', '[1,2]', '"text"', 'null', '']) {
        const response = await postJson(t.app, url, payload);
        expect(response.statusCode, `${url} ${payload}`).toBe(400);
        expect(response.json().data, url).toBeNull();
        expect(response.json().error, `${url} ${payload}`).toMatchObject({
          status: 400,
          name: 'ValidationError',
        });
      }
  });

  it('names missing and mistyped fields', async () => {
    const missing = await postJson(t.app, '/auth/local', {});
    expect(missing.json().error).toMatchObject({
      name: 'ValidationError',
      message: '2 errors occurred',
      details: {
        errors: [
          { path: ['identifier'], message: 'identifier is a required field', name: 'ValidationError' },
          { path: ['password'], message: 'password is a required field', name: 'ValidationError' },
        ],
      },
    });
    const typed = await postJson(t.app, '/auth/local', { identifier: ['a'], password: { x: 1 } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.details.errors[0].message).toBe('identifier must be a `string` type');
    const long = await postJson(t.app, '/auth/forgot-password', { email: `${'a'.repeat(300)}@x.example` });
    expect(long.json().error.message).toBe('email must be at most 200 characters');
  });

  it('refuses NUL characters in JSON and form bodies, never a 500', async () => {
    for (const url of routes) {
      const json = await postJson(t.app, url, {
        identifier: 'a\u0000b',
        email: 'a\u0000@x',
        password: 'p\u0000',
      });
      expect(json.statusCode, url).toBe(400);
      expect(json.json().error.name, url).toBe('ValidationError');
      const form = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'identifier=a%00b&email=a%00%40x&password=p',
      });
      expect(form.statusCode, url).toBe(400);
      expect(form.json().error.name, url).toBe('ValidationError');
    }
  });

  it('answers a bearer that is no token with UnauthorizedError', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer a.b.c',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/users/me', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().error.name).toBe('UnauthorizedError');
    }
  });
});
