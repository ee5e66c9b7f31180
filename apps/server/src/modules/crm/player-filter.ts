/**
 * The player list's filter: the query fields of /admin/players (and a saved segment's), read leniently like the
 * audit log's (a malformed value is left out and named, never handed to the database), and written back as a
 * query string. Money is in the player's own currency's minor units.
 */
import { type Cents, toCents } from '@casino/contracts';
import { isDay } from '../backoffice/index.ts';
import { RISK_FLAGS } from './schema.ts';

export const PLAYER_STATUSES = ['active', 'banned', 'deleted'] as const;
export const KYC_STATUSES = ['none', 'on_verification', 'verified', 'rejected'] as const;
/** in force now: a time-out, a self-exclusion; a loss or session limit set; none of those. */
export const RG_STATES = ['time_out', 'self_exclusion', 'limits', 'none'] as const;
export const SORTS = ['id', 'login', 'registered', 'net', 'last_deposit'] as const;
export type TSort = (typeof SORTS)[number];

/** The fields a filter is made of, as the form names them (all text; '' is no filter). */
export const FILTER_FIELDS = [
  'q',
  'status',
  'country',
  'reg_from',
  'reg_to',
  'dep_from',
  'dep_to',
  'net_min',
  'net_max',
  'level',
  'kyc',
  'rg',
  'tag',
  'flag',
  'sort',
  'dir',
] as const;
export type TFilterField = (typeof FILTER_FIELDS)[number];
export type TFilterQuery = Record<TFilterField, string>;

export interface TPlayerFilter {
  q?: string;
  status?: (typeof PLAYER_STATUSES)[number];
  countries?: string[];
  registeredFrom?: Date;
  /** Exclusive: the day after the day asked. */
  registeredTo?: Date;
  depositedFrom?: Date;
  depositedTo?: Date;
  netMin?: Cents;
  netMax?: Cents;
  level?: string;
  kyc?: (typeof KYC_STATUSES)[number];
  rg?: (typeof RG_STATES)[number];
  tag?: string;
  flag?: (typeof RISK_FLAGS)[number];
  sort: TSort;
  dir: 'asc' | 'desc';
}

export const TAG = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const SYSNAME = /^[a-z0-9][a-z0-9_.-]{0,59}$/;
const AMOUNT = /^-?\d{1,9}(\.\d{1,2})?$/;

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The query's filter fields as text (each at most 100 characters, '' when absent). */
export const filterQueryOf = (query: Record<string, unknown>): TFilterQuery =>
  Object.fromEntries(
    FILTER_FIELDS.map((name) => {
      const value = query[name];
      const text = typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '';
      return [name, text.trim().slice(0, 100)];
    }),
  ) as TFilterQuery;

/** The filter the fields say, and the fields given a value that is not one (left out of the filter). */
export const parseFilter = (query: TFilterQuery): { filter: TPlayerFilter; ignored: TFilterField[] } => {
  const ignored: TFilterField[] = [];
  const read = <T>(name: TFilterField, parse: (value: string) => T | undefined): T | undefined => {
    const value = query[name];
    if (!value) return undefined;
    const parsed = parse(value);
    if (parsed === undefined) ignored.push(name);
    return parsed;
  };
  const day = (name: TFilterField, end: boolean) =>
    read(name, (v) => (isDay(v) ? (end ? dayAfter(v) : dayStart(v)) : undefined));
  const amount = (name: TFilterField) => read(name, (v) => (AMOUNT.test(v) ? toCents(v) : undefined));
  const countries = read('country', (v) => {
    const codes = v
      .toUpperCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    return codes.length > 0 && codes.length <= 20 && codes.every((c) => /^[A-Z]{2}$/.test(c))
      ? codes
      : undefined;
  });
  const filter: TPlayerFilter = {
    q: query.q ? query.q.replaceAll('\0', '') : undefined,
    status: read('status', (v) => oneOf(PLAYER_STATUSES, v)),
    countries,
    registeredFrom: day('reg_from', false),
    registeredTo: day('reg_to', true),
    depositedFrom: day('dep_from', false),
    depositedTo: day('dep_to', true),
    netMin: amount('net_min'),
    netMax: amount('net_max'),
    level: read('level', (v) => (SYSNAME.test(v) ? v : undefined)),
    kyc: read('kyc', (v) => oneOf(KYC_STATUSES, v)),
    rg: read('rg', (v) => oneOf(RG_STATES, v)),
    tag: read('tag', (v) => (TAG.test(v.toLowerCase()) ? v.toLowerCase() : undefined)),
    flag: read('flag', (v) => oneOf(RISK_FLAGS, v)),
    sort: read('sort', (v) => oneOf(SORTS, v)) ?? 'id',
    dir: read('dir', (v) => oneOf(['asc', 'desc'] as const, v)) ?? 'desc',
  };
  return { filter, ignored };
};

/** The fields with a value, as a saved segment keeps them (and a link carries them). */
export const filledFields = (query: TFilterQuery): Partial<TFilterQuery> =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')) as Partial<TFilterQuery>;

/** Whether the filter narrows the list (sorting alone does not). */
export const narrows = (query: TFilterQuery) =>
  FILTER_FIELDS.some((name) => name !== 'sort' && name !== 'dir' && query[name] !== '');
