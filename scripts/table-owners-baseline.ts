/**
 * The baseline of scripts/check-table-owners.ts: the places not fixed yet, each with who fixes it. The list only
 * shrinks: a place not on it fails the check, and so does a line that no longer occurs as often as it says.
 */
import type { TViolation } from './table-owners.ts';

export type TBaselineEntry = {
  file: string;
  module: string;
  table: string;
  owner: string;
  count: number;
  who: string;
};

const BASELINE_LINE = /^(\S+) (\S+) reads (\S+) of (\S+)(?: x(\d+))? — (.+)$/;

/** Baseline lines: `<file> <module> reads <table> of <owner>[ x<count>] — <who fixes it>`; # starts a comment. */
export function parseBaseline(text: string): { entries: TBaselineEntry[]; errors: string[] } {
  const entries: TBaselineEntry[] = [];
  const errors: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = BASELINE_LINE.exec(line);
    if (!m)
      errors.push(`baseline line ${index + 1} is not "<file> <module> reads <table> of <owner> — <who>"`);
    else
      entries.push({
        file: m[1] ?? '',
        module: m[2] ?? '',
        table: m[3] ?? '',
        owner: m[4] ?? '',
        count: Number(m[5] ?? 1),
        who: m[6] ?? '',
      });
  });
  return { entries, errors };
}

const keyOf = (v: { file: string; table: string; owner: string }) => `${v.file} ${v.table} ${v.owner}`;

/**
 * Holds the violations to the baseline: one not on it fails, and so does a baseline line that no longer occurs as
 * often as it says (the list only shrinks: a fixed place is struck off the baseline in the same commit).
 */
export function compareWithBaseline(violations: TViolation[], entries: TBaselineEntry[]): string[] {
  const failures: string[] = [];
  const found = new Map<string, TViolation[]>();
  for (const v of violations) found.set(keyOf(v), [...(found.get(keyOf(v)) ?? []), v]);
  const allowed = new Map(entries.map((e) => [keyOf(e), e]));
  for (const [key, places] of found) {
    const entry = allowed.get(key);
    if (!entry) {
      for (const v of places) failures.push(`${v.file}:${v.line} ${v.module} reads ${v.table} of ${v.owner}`);
    } else if (places.length > entry.count) {
      for (const v of places) {
        failures.push(
          `${v.file}:${v.line} ${v.module} reads ${v.table} of ${v.owner} (the baseline allows ${entry.count} in this file, found ${places.length})`,
        );
      }
    }
  }
  for (const entry of entries) {
    const count = found.get(keyOf(entry))?.length ?? 0;
    if (count < entry.count) {
      failures.push(
        `baseline: ${entry.file} ${entry.module} reads ${entry.table} of ${entry.owner} now occurs ${count} time(s), not ${entry.count}: shrink the baseline`,
      );
    }
  }
  return failures;
}

/** One baseline line per file, table and owner (how the current violations would be written down). */
export function baselineLines(violations: TViolation[], who: (v: TViolation) => string): string[] {
  const counts = new Map<string, { v: TViolation; count: number }>();
  for (const v of violations) {
    const seen = counts.get(keyOf(v));
    counts.set(keyOf(v), { v, count: (seen?.count ?? 0) + 1 });
  }
  return [...counts.values()]
    .map(
      ({ v, count }) =>
        `${v.file} ${v.module} reads ${v.table} of ${v.owner}${count > 1 ? ` x${count}` : ''} — ${who(v)}`,
    )
    .sort();
}
