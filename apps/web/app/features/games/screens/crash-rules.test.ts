/** The translated crash rules say what the engine says: the English defaults are the engine's rules text. */
import { CRASH_BETTING_SECONDS, crashRules } from '@casino/games/fast/crash';
import { describe, expect, it } from 'vitest';
import en from '../../../../../../content/locales/en/games.json';
import { BETTING_SECONDS, crashRulesText } from './crash-rules';

const english = (key: string, options?: Record<string, unknown>) => {
  let value: unknown = en;
  for (const part of key.replace(/^games\./, '').split('.'))
    value = (value as Record<string, unknown>)?.[part];
  const text = typeof value === 'string' ? value : String(options?.defaultValue ?? key);
  return text.replace(/\{(\w+)\}/g, (_all, name: string) => String(options?.[name] ?? ''));
};

describe('crash rules', () => {
  it('match the engine in English, with its betting window', () => {
    const engine = crashRules();
    expect(BETTING_SECONDS).toBe(CRASH_BETTING_SECONDS);
    const text = crashRulesText(english, engine.mapping);
    expect(text.summary).toBe(engine.summary);
    expect(text.rules).toEqual(engine.rules);
    expect(text.mapping).toEqual(engine.mapping);
  });
});
