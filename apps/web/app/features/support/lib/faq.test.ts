import { describe, expect, it } from 'vitest';
import { faqItems, faqStructuredData, jsonLdText, searchFaq } from './faq';

const messages = {
  support: {
    faq: {
      items: {
        deposit: { q: 'How do I make a deposit?', a: 'Open the cashier.' },
        broken: { q: 'No answer' },
        withdraw: { q: 'Retiros: ¿cuánto tardan?', a: 'Normalmente 24 horas.' },
      },
    },
  },
};

describe('support FAQ', () => {
  it('reads the items of the content in order, from an object or JSON text, skipping incomplete ones', () => {
    expect(faqItems(messages).map((i) => i.id)).toEqual(['deposit', 'withdraw']);
    expect(faqItems(JSON.stringify(messages))).toHaveLength(2);
    expect(faqItems('not json')).toEqual([]);
    expect(faqItems(undefined)).toEqual([]);
  });

  it('finds items holding every word, ignoring case and accents', () => {
    const items = faqItems(messages);
    expect(searchFaq(items, 'CASHIER').map((i) => i.id)).toEqual(['deposit']);
    expect(searchFaq(items, 'cuanto retiros', 'es').map((i) => i.id)).toEqual(['withdraw']);
    expect(searchFaq(items, 'deposit nothing')).toEqual([]);
    expect(searchFaq(items, '  ')).toHaveLength(2);
  });

  it('describes the items as a schema.org FAQPage whose text cannot close its script element', () => {
    const data = faqStructuredData([{ id: 'x', question: 'Q</script>', answer: 'A' }]);
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'Q</script>',
      acceptedAnswer: { '@type': 'Answer', text: 'A' },
    });
    expect(jsonLdText(data)).not.toContain('</script>');
    expect(JSON.parse(jsonLdText(data))).toEqual(data);
  });
});
