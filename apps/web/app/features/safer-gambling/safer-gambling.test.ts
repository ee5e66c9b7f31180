import { describe, expect, it } from 'vitest';
import { defaultHelpCountry, HELP_COUNTRIES, INTERNATIONAL, organisationsOf } from './help-organisations';
import { assessmentScore, isComplete, QUESTIONS, riskOf } from './self-assessment-score';

describe('self-assessment', () => {
  it('adds the answers 0 to 3 and reads the total as a risk', () => {
    const all = (answer: 'never' | 'sometimes' | 'often' | 'always') =>
      Object.fromEntries(QUESTIONS.map((q) => [q, answer]));
    expect(assessmentScore(all('never'))).toBe(0);
    expect(assessmentScore(all('always'))).toBe(27);
    expect(assessmentScore({ q1: 'sometimes', q2: 'often' })).toBe(3);
    expect([0, 2, 3, 7, 8, 27].map(riskOf)).toEqual(['low', 'low', 'moderate', 'moderate', 'high', 'high']);
    expect(isComplete({ q1: 'never' })).toBe(false);
    expect(isComplete(all('never'))).toBe(true);
  });
});

describe('help organisations', () => {
  it('lists organisations with https addresses for each country and internationally', () => {
    for (const org of [...INTERNATIONAL, ...HELP_COUNTRIES.flatMap(organisationsOf)])
      expect(org.url, org.name).toMatch(/^https:\/\//);
    expect(organisationsOf('DE').length).toBeGreaterThan(0);
    expect(organisationsOf('ZZ')).toEqual([]);
  });

  it("picks the player's country when listed, else the locale's, else international only", () => {
    expect(defaultHelpCountry('us', 'de')).toBe('US');
    expect(defaultHelpCountry('ZZ', 'de')).toBe('DE');
    expect(defaultHelpCountry(undefined, 'ar')).toBe('');
  });
});
