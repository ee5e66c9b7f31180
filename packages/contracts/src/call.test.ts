import { describe, expect, it } from 'vitest';
import { BIGINT_ID_MAX, INT4_MAX, zId } from './call.ts';

const parse = (schema: ReturnType<typeof zId>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : result.error.issues[0]?.message;
};

describe('zId', () => {
  it("keeps an integer column's ids to 1..2^31-1 and a bigint column's to 1..2^53-1", () => {
    expect(parse(zId('integer'), '2147483647')).toBe(INT4_MAX);
    expect(parse(zId('bigint'), '2147483648')).toBe(2_147_483_648);
    expect(parse(zId('bigint'), String(BIGINT_ID_MAX))).toBe(BIGINT_ID_MAX);
    for (const bad of ['2147483648', '0', '-1', '1e20', '9'.repeat(30), '1.5', 'x', 2 ** 31])
      expect(parse(zId('integer'), bad), String(bad)).toBe('wrongField');
    for (const bad of ['9223372036854775808', String(BIGINT_ID_MAX + 1), '0'])
      expect(parse(zId('bigint'), bad), bad).toBe('wrongField');
  });

  it('answers the fallback when absent, else requiredField', () => {
    expect(parse(zId('bigint', { fallback: 0 }), undefined)).toBe(0);
    expect(parse(zId('integer'), '')).toBe('requiredField');
  });
});
