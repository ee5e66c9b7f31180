/**
 * UOF's match status codes (sport_event_status `match_status`, the descriptions' match_status.xml) the book
 * names: the period a live match is in. The site shows `period` (English) or translates the code.
 */
const NAMES: Record<number, string> = {
  0: 'Not started',
  1: '1st period',
  2: '2nd period',
  3: '3rd period',
  4: '4th period',
  5: '5th period',
  6: '1st half',
  7: '2nd half',
  8: '1st set',
  9: '2nd set',
  10: '3rd set',
  11: '4th set',
  12: '5th set',
  13: '1st quarter',
  14: '2nd quarter',
  15: '3rd quarter',
  16: '4th quarter',
  20: 'Started',
  31: 'Halftime',
  32: 'Awaiting extra time',
  33: 'Extra time halftime',
  34: 'Awaiting penalties',
  40: 'Overtime',
  41: '1st extra',
  42: '2nd extra',
  50: 'Penalties',
  60: 'Postponed',
  61: 'Start delayed',
  70: 'Cancelled',
  80: 'Interrupted',
  90: 'Abandoned',
  100: 'Ended',
  110: 'After extra time',
  120: 'After penalties',
  301: '1st pause',
  302: '2nd pause',
  303: '3rd pause',
};

/** The period's English name, or null for a code the book does not know. */
export const periodName = (matchStatus: number | undefined | null): string | null =>
  matchStatus === undefined || matchStatus === null ? null : (NAMES[matchStatus] ?? null);
