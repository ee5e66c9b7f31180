/** Issue 40: every public route's meta gives its title, description, og:title, og:description and og:image. */
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import de from '../../../../../content/locales/de/pages.json';
import seed from '../../../../../content/seo.json';
import { meta as bettingMeta } from '../../routes/betting';
import { meta as bettingEventMeta } from '../../routes/betting-event';
import { meta as contentPageMeta } from '../../routes/content-page';
import { meta as gameMeta } from '../../routes/game';
import { meta as homeMeta } from '../../routes/home';
import { meta as loyaltyMeta } from '../../routes/loyalty';
import { meta as promotionsMeta } from '../../routes/promotions';
import { meta as tournamentMeta } from '../../routes/tournament';
import { meta as tournamentsMeta } from '../../routes/tournaments';
import { DEFAULT_SHARE_IMAGE, pageMeta } from './page-meta';
import { parseSeo } from './seo';

const seo = parseSeo({ ...seed, canonicalUrl: 'https://casino.example' }, 'http://127.0.0.1:3000');

/** The matches a route's meta sees: the root's site data (messages of the locale, the SEO settings), then the page. */
type TSite = { messages?: unknown; seo?: unknown; locale?: string };
const matchesOf = (data: unknown, site: TSite = {}) => [
  { id: 'root', data: { cms: { brand: 'Casino' }, locale: 'en', messages: {}, seo, ...site } },
  { id: 'page', data },
];

// biome-ignore lint/suspicious/noExplicitAny: each route's meta is typed by its own loader; the test feeds its data
type TAnyMeta = (args: any) => MetaDescriptor[] | undefined;
const run = (meta: TAnyMeta, data: unknown, site?: TSite) => {
  const matches = matchesOf(data, site);
  const tags = meta({ data, loaderData: data, matches, params: {}, location: { pathname: '/' } }) ?? [];
  const find = (key: 'name' | 'property', value: string) =>
    (tags.find((t) => (t as Record<string, string>)[key] === value) as { content?: string } | undefined)
      ?.content;
  return {
    title: (tags.find((t) => 'title' in t) as { title?: string } | undefined)?.title,
    description: find('name', 'description'),
    ogTitle: find('property', 'og:title'),
    ogDescription: find('property', 'og:description'),
    ogImage: find('property', 'og:image'),
    card: find('name', 'twitter:card'),
  };
};

const GAME = {
  game: {
    name: 'Book of Sun',
    description: '',
    providerName: 'Casino Originals',
    rtp: 96.2,
    imageUrl: '/images/games/book-of-sun.webp',
  },
};

describe('route meta (server-rendered head of the public pages)', () => {
  it('a game page: its name and provider, its art to share', () => {
    const tags = run(gameMeta, GAME);
    expect(tags).toEqual({
      title: 'Book of Sun | Casino',
      description: 'Book of Sun by Casino Originals. RTP 96.2%.',
      ogTitle: 'Book of Sun | Casino',
      ogDescription: 'Book of Sun by Casino Originals. RTP 96.2%.',
      ogImage: 'https://casino.example/images/games/book-of-sun.webp',
      card: 'summary_large_image',
    });
    // German: the words of the page's locale.
    expect(run(gameMeta, GAME, { messages: JSON.stringify({ pages: de }) }).description).toBe(
      de.titles.gameDescription
        .replace('{game}', 'Book of Sun')
        .replace('{provider}', 'Casino Originals')
        .replace('{rtp}', '96.2'),
    );
  });

  it('promotions and one promotion: the list’s words, a promotion’s own title, text and banner', () => {
    const list = run(promotionsMeta, { promotions: [], openId: undefined });
    expect(list.title).toBe('Promotions | Casino');
    expect(list.ogDescription).toBe(
      'Welcome bonuses, deposit offers, free spins and promo codes, each with its full terms.',
    );
    expect(list.ogImage).toBe('https://casino.example/icons/icon-512.png');
    const promotion = {
      id: 'offer-7',
      title: 'Welcome 100%',
      text: 'Double your first deposit up to $100.',
      image: 'https://cdn.example/welcome.png',
    };
    const one = run(promotionsMeta, { promotions: [promotion], openId: 'offer-7' });
    expect(one).toMatchObject({
      title: 'Welcome 100% | Promotions | Casino',
      ogTitle: 'Welcome 100% | Promotions | Casino',
      description: 'Double your first deposit up to $100.',
      ogImage: 'https://cdn.example/welcome.png',
    });
    const frList = run(
      promotionsMeta,
      { promotions: [], openId: undefined },
      {
        messages: { pages: { titles: { promotions: 'Promotions FR', promotionsDescription: 'Offres FR' } } },
      },
    );
    expect(frList).toMatchObject({ title: 'Promotions FR | Casino', ogDescription: 'Offres FR' });
  });

  it('betting, an event, loyalty, tournaments and a tournament each have their own description', () => {
    expect(run(bettingMeta, null).ogDescription).toContain('pre-match betting');
    const event = run(bettingEventMeta, {
      id: 'e1',
      event: { competitors: [{ name: 'Arsenal' }, { name: 'Chelsea' }] },
    });
    expect(event.title).toBe('Arsenal – Chelsea | Sports betting | Casino');
    expect(event.description).toBe('Arsenal – Chelsea. Every market of the event, live prices and cash-out.');
    expect(run(loyaltyMeta, null)).toMatchObject({
      ogTitle: 'Loyalty programme | Casino',
      ogDescription: expect.stringContaining('loyalty shop'),
    });
    expect(run(tournamentsMeta, null, { messages: JSON.stringify({ pages: de }) }).description).toBe(
      de.titles.tournamentsDescription,
    );
    const tournament = run(tournamentMeta, { tournament: { id: 3, title: 'Spring Race' } });
    expect(tournament.title).toBe('Spring Race | Tournaments | Casino');
    expect(tournament.ogDescription).toBe(
      'Spring Race: the prize pool, the games that count and the leaderboard.',
    );
  });

  it('a content page: its title and description; the home page: the operator’s defaults', () => {
    const page = run(contentPageMeta, { slug: 'about', title: 'About us', description: 'Who we are.' });
    expect(page).toMatchObject({ title: 'About us | Casino', ogDescription: 'Who we are.' });
    // A page without its own description takes the operator's default one.
    expect(run(contentPageMeta, { slug: 'terms', title: 'Terms' }).description).toBe(
      seed.default.description,
    );
    const home = run(homeMeta, { kind: 'home', rows: [] });
    expect(home).toMatchObject({
      title: seed.default.title,
      ogTitle: seed.default.title,
      ogDescription: seed.default.description,
    });
  });
});

describe('the operator’s words per page (SEO settings’ pages)', () => {
  const withPages = parseSeo(
    {
      ...seed,
      canonicalUrl: 'https://casino.example',
      pages: {
        promotions: { title: 'Bonuses every day | Casino', description: 'Our offers, set by the operator.' },
        'promotions:de': { title: 'Boni jeden Tag | Casino', image: '/img/de-promos.png' },
        betting: { description: '  ' },
      },
    },
    'http://127.0.0.1:3000',
  );
  const LIST = { promotions: [], openId: undefined };

  it('win over the page’s own, for its language first; an empty field keeps the page’s', () => {
    expect(run(promotionsMeta, LIST, { seo: withPages })).toMatchObject({
      title: 'Bonuses every day | Casino',
      ogTitle: 'Bonuses every day | Casino',
      description: 'Our offers, set by the operator.',
      ogImage: 'https://casino.example/icons/icon-512.png',
    });
    const german = run(promotionsMeta, LIST, { seo: withPages, locale: 'de', messages: { pages: de } });
    expect(german).toMatchObject({
      title: 'Boni jeden Tag | Casino',
      // No German description set: the one for every language.
      description: 'Our offers, set by the operator.',
      ogImage: 'https://casino.example/img/de-promos.png',
    });
    expect(run(bettingMeta, null, { seo: withPages }).description).toContain('pre-match betting');
    // One promotion's own page keeps its own words.
    const one = run(
      promotionsMeta,
      {
        promotions: [{ id: 'offer-1', title: 'Reload', text: 'Reload 50%.', image: null }],
        openId: 'offer-1',
      },
      { seo: withPages },
    );
    expect(one.title).toBe('Reload | Promotions | Casino');
  });
});

describe('pageMeta', () => {
  it('falls back to the operator’s share image, then the site’s icon; cuts a long description at a word', () => {
    const matches = matchesOf(null);
    const noSettings = [{ id: 'root', data: { cms: { brand: 'Casino' }, messages: {} } }];
    const image = (tags: MetaDescriptor[]) =>
      (tags.find((t) => (t as Record<string, string>).property === 'og:image') as { content: string })
        .content;
    expect(image(pageMeta(matches, { title: 'x' }))).toBe('https://casino.example/icons/icon-512.png');
    expect(image(pageMeta(noSettings, { title: 'x' }))).toBe(DEFAULT_SHARE_IMAGE);
    const long = `${'word '.repeat(100)}end`;
    const description = (
      pageMeta(matches, { title: 'x', description: long }).find(
        (t) => (t as Record<string, string>).name === 'description',
      ) as { content: string }
    ).content;
    expect(description.length).toBeLessThanOrEqual(300);
    expect(description.endsWith('word…')).toBe(true);
  });
});
