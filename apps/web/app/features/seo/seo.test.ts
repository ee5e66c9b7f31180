/** The SEO settings as the head renders them: parsed from the domain lookup, schema.org data, escaping. */

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import seed from '../../../../../content/seo.json';
import type { TSiteData } from '../../lib/site/types';
import { breadcrumbLd, faqLd, ldJson, organizationLd, parseSeo, productLd } from './seo';
import { SeoHead } from './seo-head';

const seo = parseSeo({ ...seed, canonicalUrl: 'https://casino.example/' }, 'http://127.0.0.1:3000');

describe('parseSeo', () => {
  it('takes the defaults, the canonical origin (else the request’s), absolute images, the favicon set', () => {
    expect(seo.title).toBe(seed.default.title);
    expect(seo.origin).toBe('https://casino.example');
    expect(seo.image).toBe('https://casino.example/icons/icon-512.png');
    expect(seo.meta).toEqual([{ name: 'format-detection', content: 'telephone=no' }]);
    expect(seo.favicons.map((f) => f.href)).toEqual([
      '/favicon.svg',
      '/icons/icon-192.png',
      '/icons/apple-touch-icon.png',
    ]);
    expect(parseSeo({ ...seed, canonicalUrl: '' }, 'http://127.0.0.1:3000').origin).toBe(
      'http://127.0.0.1:3000',
    );
    expect(parseSeo(null, 'http://x.test').title).toBe('');
  });

  it('builds the organization, product, FAQ and breadcrumb data; a “</script>” in a setting stays data', () => {
    expect(organizationLd(seo)).toMatchObject({
      '@type': 'Organization',
      name: 'Casino',
      url: 'https://casino.example/',
      logo: 'https://casino.example/icons/icon-512.png',
      email: 'support@casino.example',
    });
    expect(productLd(seo)).toMatchObject({ '@type': 'Product', brand: { '@type': 'Brand', name: 'Casino' } });
    expect(faqLd(seo)?.mainEntity).toHaveLength(2);
    expect(breadcrumbLd(seo, { home: 'Casino', prefix: '/de', path: '/gamehall/slots' })).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Casino', item: 'https://casino.example/de/' },
        { position: 2, name: 'Gamehall', item: 'https://casino.example/de/gamehall' },
        { position: 3, name: 'Slots', item: 'https://casino.example/de/gamehall/slots' },
      ],
    });
    expect(breadcrumbLd(seo, { home: 'Casino', prefix: '', path: '/' })).toBeNull();
    expect(ldJson({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

const render = (path: string, site: Partial<TSiteData>) => {
  const full = { locale: 'en', defaultLocale: 'en', cms: { brand: 'Casino' }, seo, ...site } as TSiteData;
  const router = createMemoryRouter([{ path: '*', element: createElement(SeoHead, { site: full }) }], {
    initialEntries: [path],
  });
  return renderToString(createElement(RouterProvider, { router }));
};

describe('SeoHead (server-rendered)', () => {
  it('renders meta tags, canonical, Open Graph, favicons and the home page’s schema.org data', () => {
    const home = render('/', {});
    expect(home).toContain('<meta name="format-detection" content="telephone=no"/>');
    expect(home).toContain('<meta name="robots" content="index, follow"/>');
    expect(home).toContain('<link rel="canonical" href="https://casino.example/"/>');
    expect(home).toContain('<meta property="og:url" content="https://casino.example/"/>');
    // og:title, og:description and og:image are each page's (page-meta.ts), not repeated here.
    expect(home).not.toContain('og:image');
    expect(home).toContain('href="/icons/apple-touch-icon.png"');
    expect(home).toContain('"@type":"Organization"');
    expect(home).toContain('"@type":"Product"');
    expect(home).toContain('"@type":"FAQPage"');
    expect(home).not.toContain('BreadcrumbList');
    const page = render('/de/gamehall', { locale: 'de' });
    expect(page).toContain('<link rel="canonical" href="https://casino.example/de/gamehall"/>');
    expect(page).toContain('"@type":"BreadcrumbList"');
    expect(page).not.toContain('"@type":"Product"');
    const noCrumbs = render('/gamehall', { seo: { ...seo, breadcrumbs: false } });
    expect(noCrumbs).not.toContain('BreadcrumbList');
  });
});
