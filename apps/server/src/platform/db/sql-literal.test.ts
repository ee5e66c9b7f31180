import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { queryRows } from './database.ts';
import { sqlArray, sqlInteger, sqlJson, sqlText, sqlTime } from './sql-literal.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the database reads back from an inlined literal. */
const readBack = async (literal: string) =>
  (await queryRows<{ v: unknown }>(t.app.ctx.db, sql.raw(`select (${literal})::text as v`)))[0]?.v;

describe('sql literals', () => {
  it('reads every text back as it was, quotes, backslashes and all', async () => {
    for (const value of ["it's", 'back\\slash', "'; drop table players; --", 'line\nbreak', 'ünï €', ''])
      expect(await readBack(sqlText(value))).toBe(value);
    expect(sqlText(null)).toBe('null');
  });

  it('inlines times, integers, JSON and arrays exactly', async () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const back = await queryRows<{ v: Date | string }>(t.app.ctx.db, sql.raw(`select ${sqlTime(at)} as v`));
    expect(new Date(back[0]?.v as string).toISOString()).toBe(at.toISOString());
    expect(await readBack(sqlInteger(9_007_199_254_740_993n))).toBe('9007199254740993');
    expect(await readBack(sqlJson({ a: "o'k", b: [1, 2] }))).toBe('{"a":"o\'k","b":[1,2]}');
    expect(await readBack(`(${sqlArray([sqlText('a'), sqlText("b'c")], 'text')})[2]`)).toBe("b'c");
  });

  it('refuses what is not a whole number or a plain type name', () => {
    expect(() => sqlInteger(1.5)).toThrow();
    expect(() => sqlInteger(Number.NaN)).toThrow();
    expect(() => sqlArray([], 'text); drop table x; --')).toThrow();
  });
});
