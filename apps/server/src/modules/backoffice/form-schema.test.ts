import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { formAmount, formCheckbox, formInt, formText, parseForm } from './form-schema.ts';

const schema = z.object({
  reason: formText(20),
  amount: formAmount(),
  days: formInt(1, 30),
  notify: formCheckbox(),
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
    expect(parseForm(schema, { reason: ' goodwill ', amount: '25.50', days: '7', notify: 'on' })).toEqual({
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
      days: 'minValue',
    });
    expect(refusal(undefined)).toMatchObject({ reason: 'requiredField', amount: 'requiredField' });
  });
});
