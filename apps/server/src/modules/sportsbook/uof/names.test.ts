/** Market and outcome names rendered from the descriptions' templates and a market's specifiers. */
import { describe, expect, it } from 'vitest';
import { renderName, type TNameContext, UofNameError } from './names.ts';

const en = (specifiers: Record<string, string> = {}) => ({
  specifiers,
  locale: 'en',
  competitors: ['Lions', 'Tigers'] as const,
});

describe('renderName', () => {
  it('puts specifiers in: {total}, {hcp}, and text without expressions stays', () => {
    expect(renderName('Total {total}', en({ total: '2.5' }))).toBe('Total 2.5');
    expect(renderName('over {total}', en({ total: '10.25' }))).toBe('over 10.25');
    expect(renderName('{$competitor1} ({hcp})', en({ hcp: '1:0' }))).toBe('Lions (1:0)');
    expect(renderName('1x2', en())).toBe('1x2');
  });

  it('signs numbers with {+X} and {-X}', () => {
    expect(renderName('{$competitor1} ({+hcp})', en({ hcp: '1.5' }))).toBe('Lions (+1.5)');
    expect(renderName('{$competitor2} ({-hcp})', en({ hcp: '1.5' }))).toBe('Tigers (-1.5)');
    expect(renderName('{$competitor1} ({+hcp})', en({ hcp: '-0.25' }))).toBe('Lions (-0.25)');
    expect(renderName('{$competitor2} ({-hcp})', en({ hcp: '-0.25' }))).toBe('Tigers (+0.25)');
    expect(renderName('{+hcp} / {-hcp}', en({ hcp: '0' }))).toBe('0 / 0');
  });

  it('writes ordinals with {!X}, and arithmetic with {(X+c)}', () => {
    const names = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) =>
      renderName('{!periodnr} half', en({ periodnr: String(n) })),
    );
    expect(names).toEqual([
      '1st half',
      '2nd half',
      '3rd half',
      '4th half',
      '11th half',
      '12th half',
      '13th half',
      '21st half',
      '22nd half',
      '23rd half',
      '101st half',
      '111th half',
    ]);
    expect(renderName('{!periodnr} Halbzeit', { ...en({ periodnr: '2' }), locale: 'de' })).toBe(
      '2. Halbzeit',
    );
    expect(renderName('{!(inningnr+1)} inning', en({ inningnr: '2' }))).toBe('3rd inning');
    expect(renderName('goal {(goalnr-1)}', en({ goalnr: '5' }))).toBe('goal 4');
  });

  it('names the competitors, the event and the players of {%X}', () => {
    expect(renderName('{$event} - winner', en())).toBe('Lions vs. Tigers - winner');
    expect(renderName('{$event}', { ...en(), eventName: 'Derby' })).toBe('Derby');
    const players = { 'sr:player:7': 'Kane, Harry' } as Record<string, string>;
    expect(
      renderName('{%player} to score', {
        ...en({ player: 'sr:player:7' }),
        entityName: (urn) => players[urn],
      }),
    ).toBe('Kane, Harry to score');
    expect(
      renderName('{!mapnr} map - {$competitor1} total kills {total}', en({ mapnr: '2', total: '30.5' })),
    ).toBe('2nd map - Lions total kills 30.5');
  });

  it('refuses a malformed template or a missing value, saying which', () => {
    const refusal = (template: string, context: TNameContext = en()) => {
      try {
        renderName(template, context);
        return 'rendered';
      } catch (error) {
        expect(error).toBeInstanceOf(UofNameError);
        return (error as Error).message;
      }
    };
    expect(refusal('Total {total}')).toBe('name template "Total {total}": no specifier total');
    expect(refusal('Total {total')).toMatch(/a \{ without its \}/);
    expect(refusal('Total total}')).toMatch(/a \} without its \{/);
    expect(refusal('{}')).toMatch(/malformed expression/);
    expect(refusal('{!setnr} set', en({ setnr: '1.5' }))).toMatch(/needs a whole number/);
    expect(refusal('{+hcp}', en({ hcp: '1:0' }))).toMatch(/needs a number/);
    expect(refusal('{$competitor3}')).toMatch(/unknown \{\$competitor3\}/);
    expect(refusal('{$competitor1}', { specifiers: {}, locale: 'en' })).toMatch(/no name for competitor1/);
    expect(refusal('{%player}', en({ player: 'sr:player:1' }))).toMatch(/no name for sr:player:1/);
  });
});
