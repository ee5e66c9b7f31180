import { describe, expect, it } from 'vitest';
import {
  singleRows as aloneRows,
  singleText as aloneText,
  mergeStatements,
  type TSharedStatement as TMergeable,
} from './statements.ts';

/** A part of `update t … where id = any (…) returning id`: each job's rows are its own id's. */
const take = (id: number): TMergeable => ({
  kind: 'take',
  part: String(id),
  merge: (ids) => `take ${ids.join(',')}`,
  rowsOf: (rows, part) => rows.filter((r) => String(r.id) === part),
});
const insert = (value: string): TMergeable => ({
  kind: 'insert',
  part: value,
  merge: (values) => `insert ${values.join(',')}`,
  rowsOf: () => [],
});

describe('mergeStatements', () => {
  it("sends each job's plain statements in order, then one statement per kind of part", () => {
    const merged = mergeStatements([[take(1), 'a1', insert('x')], ['b1'], [take(3), insert('y'), 'c1']]);
    expect(merged.texts).toEqual(['a1', 'b1', 'c1', 'take 1,3', 'insert x,y']);
  });

  it('hands each job its own rows, statement by statement, as if it had sent them alone', () => {
    const merged = mergeStatements([[take(1), 'a1', insert('x')], ['b1'], [take(3), insert('y'), 'c1']]);
    const rows = merged.rowsOf([[{ a: 1 }], [{ b: 1 }], [{ c: 1 }], [{ id: '3' }, { id: '1' }], []]);
    expect(rows).toEqual([[[{ id: '1' }], [{ a: 1 }], []], [[{ b: 1 }]], [[{ id: '3' }], [], [{ c: 1 }]]]);
  });

  it('sends a part alone as the statement of its one part', () => {
    expect(aloneText(take(7))).toBe('take 7');
    expect(aloneRows(take(7), [{ id: '7' }])).toEqual([{ id: '7' }]);
    expect(aloneText('select 1')).toBe('select 1');
    expect(aloneRows('select 1', [{ x: 1 }])).toEqual([{ x: 1 }]);
  });
});
