import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import {
  formAmount,
  formAmountOrZero,
  formDate,
  formFlag,
  formList,
  formOdds,
  formOptional,
  formString,
  formText,
  formWhole,
  parseForm,
} from './form-schema.ts';

const schema = z.object({
  reason: formText(20),
  amount: formAmount(),
  days: formWhole(1, 30),
  notify: formFlag(),
});

const refusal = (body: unknown) => {
  try {
    parseForm(schema, body);
  } catch (error) {
    return error instanceof AppError ? error.errorData.invalid_parameters : error;
  }
  return null;
};

describe('parseForm', () => {
  it('reads a form into typed values', () => {
    expect(parseForm(schema, { reason: ' goodwill ', amount: '25.50', days: '7', notify: '1' })).toEqual({
      reason: 'goodwill',
      amount: 2550n,
      days: 7,
      notify: true,
    });
  });

  it('reads a multipart text part as its value and a missing checkbox as false', () => {
    const part = (value: string) => ({ type: 'field', value });
    expect(parseForm(schema, { reason: part('r'), amount: part('1'), days: part('1') }).notify).toBe(false);
  });

  it('refuses each bad field with its code', () => {
    expect(refusal({ reason: '', amount: '1.234', days: '31' })).toEqual({
      reason: 'requiredField',
      amount: 'wrongField',
      days: 'maxValue',
    });
    expect(refusal({ reason: 'a\0b', amount: '0', days: 'x' })).toEqual({
      reason: 'wrongField',
      amount: 'wrongField',
      days: 'wrongField',
    });
    expect(refusal({ reason: 'ok', amount: '100000.01', days: '0' })).toEqual({
      amount: 'maxValue',
      days: 'wrongField',
    });
    expect(refusal(undefined)).toMatchObject({ reason: 'requiredField', amount: 'requiredField' });
  });
});

describe("the promotions forms' fields", () => {
  const terms = z.object({
    bonus: formOptional(formAmount()),
    min: formAmountOrZero(),
    uses: formWhole(1, 100),
    starts: formOptional(formDate()),
    odds: formOptional(formOdds()),
    live: formFlag(),
    title: formString(),
    pages: formList(),
  });
  const refusal = (body: unknown) => {
    try {
      parseForm(terms, body);
    } catch (error) {
      return error instanceof AppError ? error.errorData.invalid_parameters : error;
    }
    return null;
  };

  it('reads blanks as null (optional), 0n (a minimum) or false, and a repeated field as its first value', () => {
    expect(parseForm(terms, { uses: '5', min: ' 0.00 ', bonus: '  ' })).toEqual({
      bonus: null,
      min: 0n,
      uses: 5,
      starts: null,
      odds: null,
      live: false,
      title: '',
      pages: [],
    });
    expect(
      parseForm(terms, {
        bonus: '2.50',
        min: '1',
        uses: '100',
        starts: '2026-02-03T10:00',
        odds: '1.5',
        live: '1',
        title: ['a', 'b'],
        pages: '/casino',
      }),
    ).toMatchObject({
      bonus: 250n,
      min: 100n,
      starts: new Date('2026-02-03T10:00:00Z'),
      odds: 1500,
      live: true,
      title: 'a',
      pages: ['/casino'],
    });
    expect(parseForm(terms, { uses: '1', live: 'on' }).live).toBe(false);
  });

  it('refuses with the codes the flash messages name: below the minimum is wrongField', () => {
    expect(refusal({ bonus: '0', min: '200000', uses: '0', starts: '2026-02-31', odds: '0.5' })).toEqual({
      bonus: 'wrongField',
      min: 'maxValue',
      uses: 'wrongField',
      starts: 'wrongField',
      odds: 'minValue',
    });
    expect(refusal({ bonus: 'x', min: 'abc', uses: '101', starts: 'soon', odds: '1001' })).toEqual({
      bonus: 'wrongField',
      min: 'wrongField',
      uses: 'maxValue',
      starts: 'wrongField',
      odds: 'maxValue',
    });
    expect(refusal({})).toEqual({ uses: 'requiredField' });
    expect(refusal({ uses: '1.5' })).toEqual({ uses: 'wrongField' });
  });
});
