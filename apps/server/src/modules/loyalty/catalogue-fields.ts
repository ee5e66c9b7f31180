/**
 * The fields of the loyalty catalogue as an operator edits them (levels, programs, quests, products, characters):
 * how each is read from a posted form — every problem becomes a field code (InvalidParameterException), never a
 * crash — how it is stored, and how a stored value is shown again in the form and in the audit log.
 */
import { AVAILABLE_LOCALES } from '@casino/contracts/countries';
import { sql } from 'drizzle-orm';
import { toBigInt } from '../ledger/index.ts';
import { toPoints } from './text.ts';

export type TFieldType =
  | { type: 'sysname' }
  | { type: 'texts'; max: number; multiline?: boolean }
  | { type: 'points' }
  | { type: 'int'; min: number; max: number; nullable: boolean }
  | { type: 'enum'; options: readonly string[] }
  | { type: 'date'; nullable: boolean }
  | { type: 'image'; nullable: boolean }
  | { type: 'program' }
  | { type: 'reward'; kinds: readonly string[]; nullable: boolean }
  /** A quest's target: dollars for a wager quest (stored in cents), a count for the others. */
  | { type: 'questTarget' }
  /** A product's reward: dollars of bonus or cash (stored in cents); an item has none. */
  | { type: 'productReward' };

export type TField = TFieldType & { name: string; column: string; label: string; help?: string };

export type TFormValues = Record<string, string>;
export type TProblems = Record<string, string>;

export const MAX_POINTS = 100_000_000;
export const MAX_MONEY_CENTS = 100_000_000;
const SYSNAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const IMAGE = /^[a-z0-9][a-z0-9/_.-]{0,199}\.(svg|png|jpe?g|webp)$/i;
const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const INTEGER = /^-?\d{1,12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The posted text of a field; a NUL or other control character (bar newlines and tabs) is refused. */
const textOf = (form: TFormValues, name: string, problems: TProblems) => {
  const value = form[name] ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) problems[name] = 'wrongField';
  return value.trim();
};

/** Dollars or points with at most two decimals → hundredths; null when empty. */
const hundredths = (text: string, max: number, name: string, problems: TProblems) => {
  if (!DECIMAL.test(text)) {
    problems[name] = 'wrongField';
    return null;
  }
  const value = Math.round(Number(text) * 100);
  if (value > max) problems[name] = 'maxValue';
  return value;
};

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Reads one field: the value to store (SQL-ready) and its plain form for the audit log. */
export const readField = (
  field: TField,
  form: TFormValues,
  problems: TProblems,
  context: { programs: number[]; questKind?: string; productType?: string },
): { stored: unknown; plain: unknown } | null => {
  const { name } = field;
  const text = textOf(form, name, problems);
  if (problems[name]) return null;
  switch (field.type) {
    case 'sysname':
      if (!text) problems[name] = 'requiredField';
      else if (!SYSNAME.test(text)) problems[name] = 'wrongField';
      return { stored: text, plain: text };
    case 'texts': {
      const texts: Record<string, string> = {};
      for (const locale of AVAILABLE_LOCALES) {
        const key = `${name}.${locale}`;
        const value = textOf(form, key, problems);
        if (problems[key]) problems[name] = 'wrongField';
        else if (value.length > field.max) problems[name] = 'maxLength';
        else if (value) texts[locale] = value;
      }
      if (!problems[name] && !texts.en) problems[name] = 'requiredField';
      return { stored: json(texts), plain: texts };
    }
    case 'points': {
      if (!text) {
        problems[name] = 'requiredField';
        return null;
      }
      const value = hundredths(text, MAX_POINTS * 100, name, problems);
      return { stored: value, plain: value === null ? null : value / 100 };
    }
    case 'int': {
      if (!text) {
        if (!field.nullable) problems[name] = 'requiredField';
        return { stored: null, plain: null };
      }
      if (!INTEGER.test(text)) {
        problems[name] = 'wrongField';
        return null;
      }
      const value = Number(text);
      if (value < field.min) problems[name] = 'minValue';
      else if (value > field.max) problems[name] = 'maxValue';
      return { stored: value, plain: value };
    }
    case 'enum':
      if (!field.options.includes(text)) problems[name] = text ? 'wrongField' : 'requiredField';
      return { stored: text, plain: text };
    case 'date': {
      if (!text) {
        if (!field.nullable) problems[name] = 'requiredField';
        return { stored: null, plain: null };
      }
      const at = new Date(`${text}:00Z`);
      if (!DATE.test(text) || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 16) !== text) {
        problems[name] = 'wrongField';
        return null;
      }
      return { stored: at, plain: at.toISOString() };
    }
    case 'image':
      if (!text) {
        if (!field.nullable) problems[name] = 'requiredField';
        return { stored: null, plain: null };
      }
      if (!IMAGE.test(text) || text.includes('..')) problems[name] = 'wrongField';
      return { stored: text, plain: text };
    case 'program': {
      const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
      if (!context.programs.includes(id)) problems[name] = text ? 'wrongField' : 'requiredField';
      return { stored: id, plain: id };
    }
    case 'questTarget': {
      if (!text) {
        problems[name] = 'requiredField';
        return null;
      }
      if (context.questKind === 'wager_slots') {
        const cents = hundredths(text, MAX_MONEY_CENTS, name, problems);
        if (cents === 0) problems[name] = 'minValue';
        return { stored: cents, plain: cents };
      }
      if (!/^\d{1,9}$/.test(text)) problems[name] = 'wrongField';
      else if (Number(text) < 1) problems[name] = 'minValue';
      return { stored: Number(text), plain: Number(text) };
    }
    case 'productReward': {
      if (context.productType === 'item') return { stored: json({ amount: 0 }), plain: { amount: 0 } };
      if (context.productType === 'freespins') {
        const match = /^(\d{1,3})\s+([a-z0-9_]{1,80})\s+(\d{1,4}(?:\.\d{1,2})?)$/.exec(text);
        const spins = Number(match?.[1] ?? 0);
        const stake = (match ? hundredths(match[3] ?? '', MAX_MONEY_CENTS, name, problems) : 0) ?? 0;
        if (!text) problems[name] = 'requiredField';
        else if (!match || spins < 1 || spins > 500 || stake < 1) problems[name] = 'wrongField';
        const reward = { amount: spins, game: match?.[2] ?? '', stake };
        return { stored: json(reward), plain: reward };
      }
      const cents = text ? hundredths(text, MAX_MONEY_CENTS, name, problems) : null;
      if (!text) problems[name] = 'requiredField';
      else if (cents === 0) problems[name] = 'minValue';
      return { stored: json({ amount: cents }), plain: { amount: cents } };
    }
    case 'reward': {
      const kind = textOf(form, `${name}_type`, problems);
      const amountText = textOf(form, `${name}_amount`, problems);
      if (!kind || kind === 'none') {
        if (!field.nullable) problems[name] = 'requiredField';
        return { stored: null, plain: null };
      }
      if (!field.kinds.includes(kind)) {
        problems[name] = 'wrongField';
        return null;
      }
      if (!amountText) {
        problems[name] = 'requiredField';
        return null;
      }
      const amount = hundredths(
        amountText,
        kind === 'points' ? MAX_POINTS * 100 : MAX_MONEY_CENTS,
        name,
        problems,
      );
      if (amount === 0) problems[name] = 'minValue';
      const reward = { type: kind, amount };
      return { stored: json(reward), plain: reward };
    }
  }
};

const parse = (value: unknown) =>
  typeof value === 'string' && /^[[{]/.test(value) ? JSON.parse(value) : value;
const dollars = (cents: unknown) => (Number(toBigInt(cents)) / 100).toFixed(2);

/** A stored column as the form shows it (one entry per input). */
export const formValuesOf = (
  field: TField,
  row: Record<string, unknown>,
  kindValue?: string,
): TFormValues => {
  const value = row[field.column];
  const { name } = field;
  if (value === null || value === undefined) return { [name]: '' };
  switch (field.type) {
    case 'texts': {
      const texts = parse(value) as Record<string, string>;
      return Object.fromEntries(AVAILABLE_LOCALES.map((l) => [`${name}.${l}`, texts[l] ?? '']));
    }
    case 'points':
      return { [name]: toPoints(toBigInt(value)).toFixed(2) };
    case 'date':
      return { [name]: new Date(value as string).toISOString().slice(0, 16) };
    case 'questTarget':
      return { [name]: kindValue === 'wager_slots' ? dollars(value) : String(value) };
    case 'productReward': {
      const reward = parse(value) as { amount: number; game?: string; stake?: number };
      if (kindValue === 'freespins')
        return { [name]: `${reward.amount} ${reward.game ?? ''} ${dollars(reward.stake)}` };
      return { [name]: kindValue === 'item' ? '' : dollars(reward.amount) };
    }
    case 'reward': {
      const reward = parse(value) as { type: string; amount: number };
      return { [`${name}_type`]: reward.type, [`${name}_amount`]: dollars(reward.amount) };
    }
    default:
      return { [name]: String(value) };
  }
};

/** A stored column as the audit log records it (plain JSON). */
export const plainOf = (field: TField, row: Record<string, unknown>): unknown => {
  const value = row[field.column];
  if (value === null || value === undefined) return null;
  if (field.type === 'texts' || field.type === 'reward' || field.type === 'productReward')
    return parse(value);
  if (field.type === 'points') return toPoints(toBigInt(value));
  if (field.type === 'date') return new Date(value as string).toISOString();
  if (field.type === 'int' || field.type === 'program' || field.type === 'questTarget') return Number(value);
  return value;
};
