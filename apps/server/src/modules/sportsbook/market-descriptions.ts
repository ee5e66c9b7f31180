/**
 * The market descriptions the feed's REST API gives (`/v1/descriptions/{lang}/markets.xml`, one list per site
 * locale), kept in memory for naming every market the feed sends: "Total {total}", "{$competitor1} ({+hcp})"…
 * rendered with the market's specifiers and the event's competitors (uof/names.ts). A locale without a
 * description (or with an empty name) falls back to English; a market no description knows falls back to
 * market-names.ts. The UOF adapter loads them at start and refreshes them (uof-book.ts); the simulator, without a
 * broker, loads its own content (content/sportsbook/market-descriptions.json).
 */

import { renderName } from './uof/names.ts';
import { parseSpecifiers } from './uof/parse-message.ts';
import type { TMarketDescription } from './uof/rest-types.ts';

const FALLBACK = 'en';
const byLocale = new Map<string, Map<number, TMarketDescription>>();

export const marketDescriptions = {
  /** Replaces a locale's descriptions. */
  set(locale: string, list: readonly TMarketDescription[]) {
    byLocale.set(locale, new Map(list.map((m) => [m.id, m])));
  },
  clear: () => byLocale.clear(),
  locales: () => [...byLocale.keys()],
  /** Whether English describes the market (a market the feed sends and no description knows asks a refresh). */
  knows: (marketId: number) => byLocale.get(FALLBACK)?.has(marketId) ?? false,
  /** The market's groups (bet_stop stops groups): English, undefined when not described. */
  groupsOf: (marketId: number) => byLocale.get(FALLBACK)?.get(marketId)?.groups,
};

export interface TNameInput {
  locale: string;
  marketId: number;
  specifiers: string;
  /** Home and away (or the one competitor). */
  competitors: readonly string[];
}

const render = (template: string, input: TNameInput, locale: string): string | undefined => {
  if (!template) return undefined;
  try {
    return renderName(template, {
      specifiers: parseSpecifiers(input.specifiers),
      locale,
      competitors: [input.competitors[0] ?? '', input.competitors[1] ?? ''],
      ...(input.competitors.length === 1 ? { eventName: input.competitors[0] } : {}),
    });
  } catch {
    // A template this market's specifiers cannot fill (UofNameError) or specifiers that are not UOF's: the next
    // locale, or the book's own name.
    return undefined;
  }
};

/** The locale's description first, then English's: the first that renders. */
const firstRendered = (input: TNameInput, template: (d: TMarketDescription) => string | undefined) => {
  for (const locale of input.locale === FALLBACK ? [FALLBACK] : [input.locale, FALLBACK]) {
    const description = byLocale.get(locale)?.get(input.marketId);
    const text = description && template(description);
    const name = text ? render(text, input, locale) : undefined;
    if (name) return name;
  }
  return undefined;
};

/** The market's name from the descriptions, or undefined when none describes it. */
export const describedMarketName = (input: TNameInput) => firstRendered(input, (d) => d.name);

/** The outcome's name from the descriptions, or undefined. */
export const describedOutcomeName = (input: TNameInput, outcomeId: string) =>
  firstRendered(input, (d) => d.outcomes.find((o) => o.id === outcomeId)?.name);
