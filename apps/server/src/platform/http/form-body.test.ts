import { describe, expect, it } from 'vitest';
import { fieldsWithNul, parseUrlencoded } from './form-body.ts';

describe('strict urlencoded bodies', () => {
  it('reads fields, repeated fields as lists, + as a space, and a field without a value as empty', () => {
    expect({ ...parseUrlencoded(Buffer.from('a=1&b=x+y%21&b=3&c&d=&=e')) }).toEqual({
      a: '1',
      b: ['x y!', '3'],
      c: '',
      d: '',
      '': 'e',
    });
  });

  it('refuses bytes or escapes that are not UTF-8, and a broken escape', () => {
    for (const body of [
      Buffer.from([0x61, 0x3d, 0xff]),
      Buffer.from('a=%FF'),
      Buffer.from('a=%E0%A4%A'),
      Buffer.from('%ZZ=1'),
    ])
      expect(() => parseUrlencoded(body)).toThrow(
        expect.objectContaining({ type: 'InvalidRequestException' }),
      );
    expect(parseUrlencoded(Buffer.from('name=%C3%A9t%C3%A9')).name).toBe('été');
  });
});

describe('NUL characters', () => {
  it('names the fields that hold one: text, multipart field or file name, nested JSON', () => {
    expect(fieldsWithNul({ a: 'ok', b: 'x\u0000', c: ['1', '\u0000'] })).toEqual(['b', 'c']);
    expect(
      fieldsWithNul({
        note: { type: 'field', value: '\u0000' },
        file: { type: 'file', filename: 'a\u0000.png', file: { pipe() {} } },
        good: { type: 'field', value: 'fine' },
      }),
    ).toEqual(['note', 'file']);
    expect(fieldsWithNul({ profile: { address: { line: '\u0000' } } })).toEqual(['profile.address.line']);
    expect(fieldsWithNul('\u0000')).toEqual(['_']);
    expect(fieldsWithNul({ pipe() {} })).toEqual([]);
  });
});
