// The site as a search engine's crawler and a chat app's link preview fetch it
// (plain HTTP, no scripts), and the title a diner sees in the tab as they move.
import type { Browser } from 'playwright-core';
import { openHomePage } from '../support/browser';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const PUBLIC_PAGES = [
  '/',
  '/featuremenu',
  '/unlimited',
  '/alacarte',
  '/sidedish',
  '/promos',
  '/feedback',
  '/reservation',
  '/reservation-date',
  '/refilling',
  '/refill-request',
  '/privacy-policy',
  '/terms',
];
const PRIVATE_PAGES = [
  '/reservation-upload',
  '/reservation-pending',
  '/reservation-confirmed',
  '/reservation-manage',
  '/reservation-claim',
  '/my-reservations',
  '/test-env',
  '/login',
  '/staff',
  '/staff/reservations',
];

interface Head {
  status: number;
  robotsHeader: string | null;
  title: string;
  description: string;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  structuredData: Array<Record<string, unknown>>;
}

const attribute = (html: string, pattern: RegExp) =>
  pattern
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&') ?? null;

/** A page as a crawler reads it: the HTML the server sends, no script run. */
async function crawl(path: string): Promise<Head> {
  const answer = await fetch(`${shellOrigin}${path}`, { headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
  const html = await answer.text();
  const og: Record<string, string> = {};
  for (const [, name, content] of html.matchAll(/<meta property="(og:[^"]+)" content="([^"]*)">/g)) og[name] = content.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  return {
    status: answer.status,
    robotsHeader: answer.headers.get('x-robots-tag'),
    title: attribute(html, /<title>([^<]*)<\/title>/) ?? '',
    description: attribute(html, /<meta name="description" content="([^"]*)">/) ?? '',
    canonical: attribute(html, /<link rel="canonical" href="([^"]*)">/),
    robots: attribute(html, /<meta name="robots" content="([^"]*)">/),
    og,
    structuredData: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1])),
  };
}

/** Waits for what the server draws from live data (the menus' server reads the API every 2 s). */
async function crawlUntil(path: string, ready: (head: Head) => boolean): Promise<Head> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const head = await crawl(path);
    if (ready(head)) return head;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return crawl(path);
}

describe('found and shared: pages as crawlers and link previews see them', () => {
  it('gives every public page its own title and description, a canonical address and a preview picture that loads', async () => {
    const heads = await Promise.all(PUBLIC_PAGES.map(async (path) => [path, await crawl(path)] as const));
    for (const [path, head] of heads) {
      expect({ path, status: head.status, robots: head.robots, robotsHeader: head.robotsHeader }).toEqual({ path, status: 200, robots: null, robotsHeader: null });
      expect(head.title).toMatch(/Samgyup Plaridel/);
      expect(head.description.length).toBeGreaterThan(40);
      expect(head.canonical).toBe(new URL(path, shellOrigin).href);
      expect(head.og['og:title']).toBe(head.title);
      expect(head.og['og:url']).toBe(head.canonical);
      expect(head.og['og:image']).toMatch(/^https?:\/\//);
    }
    expect(new Set(heads.map(([, head]) => head.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(heads.map(([, head]) => head.description)).size).toBe(PUBLIC_PAGES.length);
    expect(heads.find(([path]) => path === '/unlimited')![1].title).toBe('Unlimited Menu · Samgyup Plaridel');
    for (const image of new Set(heads.map(([, head]) => head.og['og:image']))) {
      const picture = await fetch(image);
      expect({ image, status: picture.status, type: picture.headers.get('content-type') }).toEqual({ image, status: 200, type: 'image/jpeg' });
      expect(picture.headers.get('cache-control')).toContain('immutable');
    }
  });

  it('keeps private pages and the staff console out of search, and answers 404 for an address nothing serves', async () => {
    for (const path of PRIVATE_PAGES) {
      const head = await crawl(path);
      expect({ path, status: head.status, robots: head.robots, robotsHeader: head.robotsHeader }).toEqual({ path, status: 200, robots: 'noindex', robotsHeader: 'noindex' });
    }
    expect((await crawl('/reservationDate')).canonical).toBe(`${shellOrigin}/reservation-date`);
    const missing = await crawl('/no-such-page');
    expect([missing.status, missing.title, missing.robots]).toEqual([404, 'Page not found · Samgyup Plaridel', 'noindex']);
  });

  it('writes robots.txt and a sitemap of exactly the public pages', async () => {
    const robots = await (await fetch(`${shellOrigin}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /staff');
    expect(robots).toContain(`Sitemap: ${shellOrigin}/sitemap.xml`);
    const sitemap = await (await fetch(`${shellOrigin}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect([...listed].sort()).toEqual([...PUBLIC_PAGES].sort());
  });

  it('describes the restaurant, its menus and prices and its promos in structured data that agrees with the API', async () => {
    const settings = (await (await fetch(`${apiOrigin}/api/restaurant-settings`)).json()).data;
    const home = await crawlUntil('/', (head) => head.structuredData.length > 0);
    const restaurant = home.structuredData.find((data) => data['@type'] === 'Restaurant')!;
    expect(restaurant).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Samgyup Plaridel',
      telephone: settings.contact.phone,
      email: settings.contact.email,
      address: { '@type': 'PostalAddress', addressLocality: 'Plaridel', addressRegion: 'Bulacan', addressCountry: 'PH' },
      acceptsReservations: `${shellOrigin}/reservation`,
      servesCuisine: expect.arrayContaining(['Korean']),
    });
    expect(restaurant.aggregateRating).toBeUndefined();
    expect((restaurant.openingHoursSpecification as Array<{ dayOfWeek: string[] }>)[0].dayOfWeek).toHaveLength(settings.open_weekdays.length);

    const items = (await (await fetch(`${apiOrigin}/api/inventory/menu/unlimited`)).json()).data as Array<{ name: string; selling_price: number }>;
    const menu = await crawlUntil('/unlimited', (head) => head.structuredData.length > 0);
    const section = menu.structuredData[0] as { '@type': string; hasMenuSection: { hasMenuItem: Array<{ name: string; offers: { price: string; priceCurrency: string } }> } };
    expect(section['@type']).toBe('Menu');
    expect(section.hasMenuSection.hasMenuItem.map((item) => [item.name, Number(item.offers.price), item.offers.priceCurrency])).toEqual(
      items.map((item) => [item.name, item.selling_price, 'PHP']),
    );
    expect(menu.description).toContain(items[0].name);
  });

  it('changes the title in the tab on every move inside the site', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openHomePage(page, shellOrigin);
    expect(await page.title()).toBe('Samgyup Plaridel · Unlimited Korean barbecue in Plaridel, Bulacan');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.waitForFunction(() => document.title === 'Terms & Conditions · Samgyup Plaridel');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Reservation' }).click();
    await page.waitForFunction(() => document.title === 'Reserve a table · Samgyup Plaridel');
    await page.goBack();
    await page.waitForFunction(() => document.title === 'Terms & Conditions · Samgyup Plaridel');
    await page.close();
  });
});
