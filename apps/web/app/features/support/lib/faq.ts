/**
 * The support FAQ: its items are content (`support.faq.items` of the messages, seeded from
 * content/locales/<locale>/support.json and edited in the back-office, ADR 028), read from the messages the page
 * came with; a search filters them.
 */
export interface TFaqItem {
  id: string;
  question: string;
  answer: string;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

let lastSource: unknown;
let lastItems: TFaqItem[] = [];

/** The items in the order of the content; an entry without a question or an answer is left out. */
export const faqItems = (messages: Record<string, unknown> | string | undefined): TFaqItem[] => {
  if (messages === lastSource) return lastItems;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = typeof messages === 'string' ? asRecord(JSON.parse(messages)) : asRecord(messages);
  } catch {
    parsed = {};
  }
  const items = asRecord(asRecord(asRecord(parsed.support).faq).items);
  lastItems = Object.entries(items).flatMap(([id, value]) => {
    const { q, a } = asRecord(value);
    return typeof q === 'string' && q.trim() && typeof a === 'string' && a.trim()
      ? [{ id, question: q, answer: a }]
      : [];
  });
  lastSource = messages;
  return lastItems;
};

const fold = (text: string, locale: string) =>
  text.toLocaleLowerCase(locale).normalize('NFD').replace(/\p{M}/gu, '');

/** Items whose question or answer holds every word of the query (case and accents ignored). */
export const searchFaq = (items: readonly TFaqItem[], query: string, locale = 'en'): TFaqItem[] => {
  const words = fold(query, locale).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = fold(`${item.question} ${item.answer}`, locale);
    return words.every((word) => text.includes(word));
  });
};

/** schema.org FAQPage for search engines (spec §3: FAQ search-engine data). */
export const faqStructuredData = (items: readonly TFaqItem[]) => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: items.map((item) => ({
    '@type': 'Question',
    name: item.question,
    acceptedAnswer: { '@type': 'Answer', text: item.answer },
  })),
});

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the element. */
export const jsonLdText = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
