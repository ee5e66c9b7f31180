/** The FAQ: a search over the items, each a disclosure that works before hydration; FAQPage data for search engines. */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { faqStructuredData, jsonLdText, searchFaq, type TFaqItem } from '../lib/faq';

export function FaqSection({ items, locale }: { items: readonly TFaqItem[]; locale: string }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchFaq(items, query, locale), [items, query, locale]);
  // The data describes every item, whatever the search: it is built once per item list.
  const structured = useMemo(() => jsonLdText(faqStructuredData(items)), [items]);
  return (
    <section aria-labelledby="faq-title" className="flex flex-col gap-4">
      <h2 id="faq-title" className="text-xl font-bold text-[var(--text-strong)]">
        {t('support.faq.title', { defaultValue: 'Frequently asked questions' })}
      </h2>
      <input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('support.faq.search', { defaultValue: 'Search the questions' })}
        aria-label={t('support.faq.search', { defaultValue: 'Search the questions' })}
        className="h-11 w-full rounded-lg border border-[var(--line)] bg-[var(--bg)] px-3 text-base text-[var(--text-strong)] outline-none focus:border-[var(--accent)]"
        data-testid="faq-search"
      />
      <div className="flex flex-col gap-2" data-testid="faq-list">
        {shown.map((item) => (
          <details key={item.id} className="card group px-4 py-3">
            <summary className="cursor-pointer list-none font-semibold text-[var(--text-strong)] marker:hidden">
              {item.question}
            </summary>
            <p className="mt-2 text-sm leading-relaxed text-[var(--text-muted)]">{item.answer}</p>
          </details>
        ))}
        {shown.length === 0 && (
          <p role="status" className="text-sm text-[var(--text-muted)]">
            {t('support.faq.noResults', {
              query,
              defaultValue: 'No question matches “{query}”. Try other words or write to us.',
            })}
          </p>
        )}
      </div>
      {items.length > 0 && (
        // A data block, not a script: the CSP does not apply to it, and `<` is escaped inside.
        <script
          type="application/ld+json"
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own content, `<` escaped (jsonLdText)
          dangerouslySetInnerHTML={{ __html: structured }}
        />
      )}
    </section>
  );
}
