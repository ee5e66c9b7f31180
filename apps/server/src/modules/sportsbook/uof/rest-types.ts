/**
 * UOF's REST answers as typed data: an event's fixture (fixtures_fixture, the Sports API's unified schema), the
 * market descriptions (market_descriptions, UnifiedFeedDescriptions.xsd) and the `response` of a recovery request
 * (UnifiedFeedResponse.xsd). Only what the book uses is kept.
 */
import { attributesOf, childNamed, childrenNamed, parseXml, type TXmlElement, UofXmlError } from './xml.ts';

export interface TFixtureCompetitor {
  id: string;
  name: string;
  abbreviation?: string;
  /** home or away in a match */
  qualifier?: string;
  countryCode?: string;
}

export interface TFixture {
  id: string;
  name?: string;
  /** ISO date-times as sent */
  scheduled?: string;
  startTime?: string;
  startTimeConfirmed?: boolean;
  startTimeTbd?: boolean;
  /** not_started, live, postponed, … */
  status?: string;
  /** whether LO covers it live: "available", "not_available"… */
  liveOdds?: string;
  nextLiveTime?: string;
  replacedBy?: string;
  sport: { id: string; name: string };
  category?: { id: string; name: string; countryCode?: string };
  tournament: { id: string; name: string };
  competitors: TFixtureCompetitor[];
  venue?: { id: string; name: string };
  /** extra_info's key/value pairs (period_length, neutral_ground…) */
  extraInfo: Record<string, string>;
}

export interface TMarketDescription {
  id: number;
  /** A name template, e.g. "Total {total}" */
  name: string;
  groups: string[];
  outcomes: { id: string; name: string }[];
  specifiers: { name: string; type: string }[];
  /** Variant markets (outcomes listed per variant, e.g. sr:exact_goals:4+) */
  variant?: string;
  /** e.g. sr:player: its outcomes are players */
  includesOutcomesOfType?: string;
  outcomeType?: string;
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

const expectRoot = (root: TXmlElement, name: string) => {
  if (root.name !== name) throw new UofXmlError(`expected <${name}>, got <${root.name}>`);
};

const named = (element: TXmlElement | undefined, where: string) => {
  if (!element) throw new UofXmlError(`${where} is missing`);
  const a = attributesOf(element, where);
  return { id: a.str('id'), name: a.str('name') };
};

export const parseFixture = (xml: string | Uint8Array): TFixture => {
  const root = parseXml(xml);
  expectRoot(root, 'fixtures_fixture');
  const fixture = childNamed(root, 'fixture');
  if (!fixture) throw new UofXmlError('fixtures_fixture: element fixture is missing');
  const a = attributesOf(fixture, 'fixture');
  const tournament = childNamed(fixture, 'tournament');
  if (!tournament) throw new UofXmlError('fixture: element tournament is missing');
  const category = childNamed(tournament, 'category');
  const competitors = childNamed(fixture, 'competitors');
  const venue = childNamed(fixture, 'venue');
  const extra = childNamed(fixture, 'extra_info');
  return {
    id: a.urn('id'),
    ...optional('name', a.optStr('name')),
    ...optional('scheduled', a.optStr('scheduled')),
    ...optional('startTime', a.optStr('start_time')),
    ...optional('startTimeConfirmed', a.optBool('start_time_confirmed')),
    ...optional('startTimeTbd', a.optBool('start_time_tbd')),
    ...optional('status', a.optStr('status')),
    ...optional('liveOdds', a.optStr('liveodds')),
    ...optional('nextLiveTime', a.optStr('next_live_time')),
    ...optional('replacedBy', a.optStr('replaced_by')),
    sport: named(childNamed(tournament, 'sport'), 'fixture/tournament/sport'),
    ...optional(
      'category',
      category && {
        ...named(category, 'fixture/tournament/category'),
        ...optional('countryCode', category.attrs.country_code),
      },
    ),
    tournament: named(tournament, 'fixture/tournament'),
    competitors: (competitors ? childrenNamed(competitors, 'competitor') : []).map((c, i) => {
      const ca = attributesOf(c, `fixture/competitors/competitor[${i}]`);
      return {
        id: ca.str('id'),
        name: ca.str('name'),
        ...optional('abbreviation', ca.optStr('abbreviation')),
        ...optional('qualifier', ca.optStr('qualifier')),
        ...optional('countryCode', ca.optStr('country_code')),
      };
    }),
    ...optional('venue', venue && named(venue, 'fixture/venue')),
    extraInfo: Object.fromEntries(
      (extra ? childrenNamed(extra, 'info') : []).map((info, i) => {
        const ia = attributesOf(info, `fixture/extra_info/info[${i}]`);
        return [ia.str('key'), ia.optStr('value') ?? ''];
      }),
    ),
  };
};

export const parseMarketDescriptions = (xml: string | Uint8Array): TMarketDescription[] => {
  const root = parseXml(xml);
  expectRoot(root, 'market_descriptions');
  return childrenNamed(root, 'market').map((market, i) => {
    const where = `market_descriptions/market[${i}]`;
    const a = attributesOf(market, where);
    const outcomes = childNamed(market, 'outcomes');
    const specifiers = childNamed(market, 'specifiers');
    return {
      id: a.int('id'),
      name: a.str('name'),
      groups: (a.optStr('groups') ?? '').split('|').filter(Boolean),
      outcomes: (outcomes ? childrenNamed(outcomes, 'outcome') : []).map((o, j) => {
        const oa = attributesOf(o, `${where}/outcomes/outcome[${j}]`);
        // An outcome name may be empty text in some locales; the English one is the fallback then.
        return { id: oa.str('id'), name: oa.optStr('name') ?? '' };
      }),
      specifiers: (specifiers ? childrenNamed(specifiers, 'specifier') : []).map((s, j) => {
        const sa = attributesOf(s, `${where}/specifiers/specifier[${j}]`);
        return { name: sa.str('name'), type: sa.str('type') };
      }),
      ...optional('variant', a.optStr('variant')),
      ...optional('includesOutcomesOfType', a.optStr('includes_outcomes_of_type')),
      ...optional('outcomeType', a.optStr('outcome_type')),
    };
  });
};

/** A `response` element (recovery requests, errors): its response_code and message. */
export const parseResponse = (xml: string | Uint8Array) => {
  const root = parseXml(xml);
  expectRoot(root, 'response');
  const text = (name: string) => childNamed(root, name)?.text;
  return { responseCode: root.attrs.response_code ?? '', action: text('action'), message: text('message') };
};
