import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.ts';
import { attempt, flashCodeOf, flashFrom } from './flash.ts';

describe('flash', () => {
  it('shows the shell’s own and shared codes, ok before error, and nothing for an unknown code', () => {
    expect(flashFrom({ ok: 'signed_out' })).toEqual({ tone: 'ok', text: 'You are signed out.' });
    expect(flashFrom({ error: 'reason_minLength' })).toEqual({
      tone: 'error',
      text: 'The reason needs 5 characters or more.',
    });
    expect(flashFrom({ ok: 'saved', error: 'failed' })?.tone).toBe('ok');
    expect(flashFrom({ error: 'no_suchCode' })).toBeNull();
    expect(flashFrom({ ok: ['signed_out'] })).toBeNull();
    expect(flashFrom(undefined)).toBeNull();
  });

  it('never reads an object’s own machinery as a message', () => {
    for (const code of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(flashFrom({ ok: code })).toBeNull();
      expect(flashFrom({ error: code })).toBeNull();
    }
    const proto = new AppError('InvalidParameterException', { invalid_parameters: { _: 'proto__' } });
    expect(flashCodeOf(proto)).toBe('failed');
  });

  it('turns a refusal into its field code, and lets any other error through', async () => {
    const refusal = new AppError('InvalidParameterException', { invalid_parameters: { id: 'notFound' } });
    expect(
      await attempt(async () => {
        throw refusal;
      }),
    ).toBe('id_notFound');
    expect(await attempt(async () => 1)).toBeNull();
    await expect(
      attempt(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
