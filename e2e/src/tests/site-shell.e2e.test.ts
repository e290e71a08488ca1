import type { Browser, Page } from 'playwright-core';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { apiSecrets } from '../support/api-secrets';
import { launchBrowser, openHomePage, trackPageErrors } from '../support/browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { shellOrigin } from '../support/test-ports';

let site: TestSite;
let browser: Browser;
let page: Page;
let outsideRequests: string[];
let pageErrors: string[];

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});
beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  outsideRequests = [];
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(hostname) && !['data:', 'blob:'].includes(protocol)) {
      outsideRequests.push(request.url());
    }
  });
  pageErrors = trackPageErrors(page);
});
afterEach(async () => {
  await page.close();
  expect(outsideRequests).toEqual([]);
  expect(pageErrors).toEqual([]);
});

describe('the composed site', () => {
  it('serves the home page with header, footer and security headers', async () => {
    const response = await page.goto(`${shellOrigin}/`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
    // The home page arrives prerendered, its hero picture inlined: the first screen needs no script.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('id="hero-title"');
    expect(html).toContain('src="data:image/svg+xml');

    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.getByText('Opened 9:00 pm').count()).toBeGreaterThan(0);
  });

  it('gives every kind of page a small PNG tab icon, which the browser decodes without drawing an SVG document as the page starts', async () => {
    for (const address of ['/', '/refilling', '/staff/login']) {
      const html = await (await fetch(`${shellOrigin}${address}`)).text();
      const icon = /<link rel="icon" type="image\/png" sizes="32x32" href="([^"]+)">/.exec(html);
      expect({ address, icon: icon?.[1] ?? null }).toEqual({ address, icon: expect.stringMatching(/^\/favicon\.[0-9a-f]{8}\.png$/) });
      expect(html).not.toContain('favicon.svg');
      const file = await fetch(`${shellOrigin}${icon![1]}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect((await file.arrayBuffer()).byteLength).toBeLessThan(2048);
    }
  });

  it("sends a remote page's first screen in the HTML, painted before any script runs, then the live page in its place", async () => {
    // The shell's server reads the remotes' first screens in the background as it starts.
    // Each remote's on its own: the page of each remote this test opens.
    const sent = async (address: string, text: string) => (await (await fetch(`${shellOrigin}${address}`)).text()).includes(text);
    const firstScreensSent = async () => (await sent('/reservation-date', 'Choose a date and time')) && (await sent('/feedback', 'Our Core Values'));
    for (let tries = 0; tries < 50 && !(await firstScreensSent()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));

    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const still = await noScripts.newPage();
    await still.goto(`${shellOrigin}/reservation-date`);
    expect(await still.getByRole('heading', { level: 1, name: 'Choose a date and time' }).isVisible()).toBe(true);
    expect(await still.getByRole('status').innerText()).toBe('Loading the calendar...');
    await still.goto(`${shellOrigin}/feedback`);
    expect(await still.getByRole('heading', { level: 1, name: 'Feedback' }).isVisible()).toBe(true);
    expect(await still.getByRole('heading', { name: 'Our Core Values' }).isVisible()).toBe(true);
    // Styled by the remote's own stylesheet, linked in <head>.
    expect(await still.locator(`head link[rel="stylesheet"][href^="${site.live('mfe_reviews').base}"]`).count()).toBe(1);
    await noScripts.close();

    await page.goto(`${shellOrigin}/reservation-date`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page
      .getByRole('grid')
      .or(page.getByRole('button', { name: 'Next' }))
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('[data-first-screen]').count()).toBe(0);
  });

  it("asks for the scripts the app's start and the page need together with main.js, each downloaded once and each used", async () => {
    const listed = ((await (await fetch(`${shellOrigin}/start-scripts.json`)).json()) as { scripts: string[] }).scripts;
    expect(listed.length).toBeGreaterThan(0);
    const unused: string[] = [];
    page.on('console', (message) => {
      if (/preloaded using link preload but not used/.test(message.text())) unused.push(message.text());
    });
    for (const address of ['/', '/feedback']) {
      await page.goto(`${shellOrigin}${address}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      const loaded = await page.evaluate(
        (origin) =>
          performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => name.startsWith(origin))
            .map((name) => new URL(name).pathname)
            // The shell's scripts are at the root; a deployment may serve the remotes' releases from the same origin, in folders.
            .filter((pathname) => /^\/[^/]+\.js$/.test(pathname)),
        shellOrigin,
      );
      // No script or stylesheet of any part, hinted or not, is downloaded twice (a preload whose mode differs from the tag's would be).
      const everyFile = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /\.(js|css)$/.test(new URL(name).pathname)),
      );
      expect(everyFile.filter((name, index) => everyFile.indexOf(name) !== index)).toEqual([]);
      // Every listed script is fetched once (a preload a script tag then fetches again would count twice) ...
      for (const script of listed) expect(loaded.filter((name) => name === script)).toEqual([script]);
      // ... and the start fetched no script of the shell's besides them, the two that start it, and the
      // web-vitals reporter (loaded on its own once the page is shown, on the sampled loads only).
      const others = loaded.filter((name) => !listed.includes(name) && !['/boot-after-paint.js', '/main.js'].includes(name));
      expect(others.filter((name) => !/^\/web-vitals\.[0-9a-f]{8}\.js$/.test(name))).toEqual([]);
    }
    // Chrome says so a few seconds after the load when a preloaded file went unused.
    await page.waitForTimeout(3500);
    expect(unused).toEqual([]);
  });

  it("sends a page's read with the diner's login as the page opens, before the app's scripts, once, and shows its answer", async () => {
    const account = await createCustomer({ first_name: 'Early', last_name: 'Reader' });
    const login = await logInCustomerViaApi(account.email, account.password);
    await page.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ ...login, name: 'Early Reader' }));
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/main.js' || (pathname === '/api/reservations/mine' && request.method() === 'GET')) asked.push(pathname);
    });
    await page.goto(`${shellOrigin}/my-reservations`);
    await page.getByRole('region', { name: 'Upcoming' }).getByText('No upcoming reservations.').waitFor();
    // The boot script sent it as the page opened (the page's own code is in main.js and after),
    // and the page's call took its answer instead of asking again.
    expect(asked).toEqual(['/api/reservations/mine', '/main.js']);
  });

  it("draws a signed-in diner's page with their own data on the server, painted without script, kept by no cache, and not once they log out", async () => {
    const account = await createCustomer({ first_name: 'Drawn', last_name: 'Diner' });
    const login = await logInCustomerViaApi(account.email, account.password);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const diner = await context.newPage();
    const errors = trackPageErrors(diner);
    await diner.goto(`${shellOrigin}/`);
    await diner.evaluate((user) => localStorage.setItem('user', user), JSON.stringify({ ...login, name: 'Drawn Diner' }));
    // The first page after logging in elsewhere reads the data itself, and the app mirrors the login in a cookie.
    await diner.goto(`${shellOrigin}/my-reservations`);
    await diner.getByRole('region', { name: 'Upcoming' }).getByText('No upcoming reservations.').waitFor();
    const cookie = (await context.cookies(shellOrigin)).find((each) => each.name === 'samgyup_session_user');
    expect(cookie).toMatchObject({ sameSite: 'Strict', path: '/', httpOnly: false });
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000);

    // From then on the HTML itself carries the diner's reservations, for them alone.
    const reads: string[] = [];
    diner.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/reservations/mine') reads.push(request.method());
    });
    const answer = await diner.goto(`${shellOrigin}/my-reservations`);
    const html = await answer!.text();
    expect(html).toContain('No upcoming reservations.');
    expect(html).toContain('data-api-answers');
    expect(answer!.headers()['cache-control']).toBe('private, no-store');
    await diner.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await diner.getByRole('region', { name: 'Past' }).getByText('No past reservations.').waitFor();
    expect(await diner.getByText('Loading your reservations…').count()).toBe(0);
    // Only the page's quiet read once it runs; none as it opens (the boot script has none to send).
    await diner.waitForTimeout(500);
    expect(reads).toEqual(['GET']);

    // An address with parameters is the app's to read: the declared read is the page's as it opens plainly.
    const withParameters = await diner.goto(`${shellOrigin}/my-reservations?from=reminder`);
    expect(await withParameters!.text()).not.toContain('No upcoming reservations.');
    await diner.getByRole('region', { name: 'Upcoming' }).getByText('No upcoming reservations.').waitFor();

    // Scripts off, the same cookies: the reservations are painted by the HTML alone.
    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    await noScripts.addCookies([cookie!]);
    const still = await noScripts.newPage();
    await still.goto(`${shellOrigin}/my-reservations`);
    expect(await still.getByRole('region', { name: 'Upcoming' }).getByText('No upcoming reservations.').isVisible()).toBe(true);
    expect(await still.getByRole('link', { name: 'Make a reservation' }).isVisible()).toBe(true);
    await noScripts.close();

    // Another visitor gets no one's data; the diner, once logged out, neither.
    expect(await (await fetch(`${shellOrigin}/my-reservations`)).text()).not.toContain('No upcoming reservations.');
    await diner.getByRole('button', { name: 'Log out' }).click();
    expect((await context.cookies(shellOrigin)).some((each) => each.name === 'samgyup_session_user')).toBe(false);
    const after = await diner.goto(`${shellOrigin}/my-reservations`);
    expect(await after!.text()).not.toContain('No upcoming reservations.');
    await diner.getByText('Please log in to see your reservations.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts every page with the settings and remotes files it carries, and reads the remotes file again only when moving on', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/env.json' || pathname === '/remotes.json') asked.push(pathname);
    });
    for (const address of ['/', '/feedback', '/staff/login']) {
      await page.goto(`${shellOrigin}${address}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    }
    // The feedback page reads its reviews from the API the carried settings name.
    const reviewsRead = page.waitForResponse((answer) => answer.url().startsWith(`${site.settings.apiOrigin}/api/`) && answer.ok());
    await page.goto(`${shellOrigin}/feedback`);
    await page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
    await reviewsRead;
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Show menu pages' }).click();
    await page.getByRole('link', { name: 'Featured Menu Items' }).click();
    await page.getByRole('heading', { name: 'Featured Menu Items' }).waitFor();
    expect(asked).toEqual(['/remotes.json']);
  });

  it('opens a remote page from the navigation bar without reloading', async () => {
    await openHomePage(page, shellOrigin);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Show menu pages' }).click();
    await page.getByRole('link', { name: 'Featured Menu Items' }).click();
    await page.getByRole('heading', { name: 'Featured Menu Items' }).waitFor();
    expect(await page.locator('.menu-card__price').first().innerText()).toContain('₱199');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.getByRole('contentinfo').count()).toBe(1);
  });

  it('takes over the prerendered home page as it is: the same elements, no second drawing, and they answer taps', async () => {
    // Keeps the elements the browser drew from the HTML, before any script of the page runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const drawn = window as unknown as { drawnFirst: Element[] };
        drawn.drawnFirst = [document.querySelector('.hero__image'), document.querySelector('.site-header'), document.querySelector('.site-footer')].filter(
          (node): node is Element => node !== null,
        );
      });
    });
    await openHomePage(page, shellOrigin);
    const stillShown = await page.evaluate(() => (window as unknown as { drawnFirst: Element[] }).drawnFirst.map((node) => node.isConnected));
    expect(stillShown).toEqual([true, true, true]);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Close navigation' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it("draws the home page's nine illustrations in the page, each named, with no SVG file to fetch, and keeps them as the app takes over", async () => {
    const svgFiles: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.svg')) svgFiles.push(request.url());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawnFirst: Element[] }).drawnFirst = Array.from(document.querySelectorAll('.illustration svg'));
      });
    });
    await openHomePage(page, shellOrigin);
    const names = [
      'Thick slices of pork belly sizzling on a round table grill',
      'Six small bowls of banchan side dishes: kimchi, cucumber, fishcake and more',
      'A group of friends raising their glasses around the grill',
      'Grilled pork wrapped in a fresh lettuce leaf with garlic and gochujang',
      'The lit-up front of Samgyup Plaridel at night',
      /^Map showing the restaurant on .*Plaridel, Bulacan/,
      'A birthday cake with three candles',
      'Pork belly on the grill with three glasses raised',
      'Colleagues at a long table under a team night banner',
    ];
    for (const name of names) {
      const picture = page.getByRole('img', { name, includeHidden: true });
      expect(await picture.locator('svg[viewBox]').count()).toBe(1);
    }
    // The map and the events are drawn at the width of the page, in their own shape.
    const map = await page.getByRole('img', { name: names[5] }).boundingBox();
    expect(map!.width).toBeGreaterThan(300);
    expect(Math.abs(map!.height - (map!.width * 420) / 640)).toBeLessThan(2);
    const drawn = await page.evaluate(() => (window as unknown as { drawnFirst: Element[] }).drawnFirst.map((node) => node.isConnected));
    expect(drawn).toEqual(Array.from({ length: 9 }, () => true));
    expect(svgFiles).toEqual([]);
  });

  it("takes over a remote page's layout as the server drew it for that address: the same elements, its link marked, Log in bringing the diner back", async () => {
    // The shell's server draws the layout for the address once it has read the settings and the part's first screen.
    const address = '/feedback?from=share';
    const drawnForIt = async () => (await (await fetch(`${shellOrigin}${address}`)).text()).includes('data-drawn-for="/feedback?from=share"');
    for (let tries = 0; tries < 50 && !(await drawnForIt()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const drawn = window as unknown as { drawnFirst: Element[] };
        drawn.drawnFirst = [document.querySelector('.site-header'), document.querySelector('#main-content'), document.querySelector('.site-footer')].filter(
          (node): node is Element => node !== null,
        );
      });
    });
    await page.goto(`${shellOrigin}${address}`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The live page replaces the first screen inside <main>; the layout around it is the one the browser drew from the HTML.
    await page.waitForFunction(() => !document.querySelector('[data-first-screen]'));
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    const stillShown = await page.evaluate(() => (window as unknown as { drawnFirst: Element[] }).drawnFirst.map((node) => node.isConnected));
    expect(stillShown).toEqual([true, true, true]);
    // The drawn header answers taps, and on a phone its navigation opens onto the address's own link and Log in.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Close navigation' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Ffeedback%3Ffrom%3Dshare');
  });

  it('the home gallery goes on after a click on a dot once the pointer has left it', async () => {
    await openHomePage(page, shellOrigin);
    await page.getByRole('button', { name: 'Show slide 3' }).click();
    await page.getByRole('button', { name: 'Show slide 3', pressed: true }).waitFor();
    await page.mouse.move(1, 1);
    await page.getByRole('button', { name: 'Show slide 4', pressed: true }).waitFor({ timeout: 5000 });
  });

  it('shows the 404 page with links home and to refilling for an unknown path', async () => {
    await page.goto(`${shellOrigin}/no-such-page`);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: /home/i }).first().waitFor();
    expect(await main.locator('a[href="/"]').count()).toBeGreaterThan(0);
    expect(await main.locator('a[href="/refilling"]').count()).toBeGreaterThan(0);
  });

  it('shows the same 404 page for an address that cannot be decoded, such as /feedback%', async () => {
    const response = await page.goto(`${shellOrigin}/feedback%`);
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await main.locator('a[href="/refilling"]').first().waitFor();
    expect(await main.locator('a[href="/"]').count()).toBeGreaterThan(0);
  });

  it("says so after a time limit and offers a reload when the page's scripts never arrive", async () => {
    await page.route('**/main.js', (route) => route.abort());
    // The notice waits 15 s in CSS; the page's animations run 100 times faster here.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Animation.enable');
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 100 });
    await page.goto(`${shellOrigin}/feedback`);
    const notice = page.getByRole('alert').filter({ hasText: 'This page did not finish loading. Check your connection, then reload the page.' });
    await notice.waitFor({ state: 'visible', timeout: 5000 });
    await page.unroute('**/main.js');
    await notice.getByRole('link', { name: 'Reload the page' }).click();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'What Our Customers Say' }).waitFor();
    expect(page.url()).toBe(`${shellOrigin}/feedback`);
    expect(await page.getByText('This page did not finish loading.', { exact: false }).count()).toBe(0);
  });

  it('prints public settings only on /test-env', async () => {
    await page.goto(`${shellOrigin}/test-env`);
    await page.getByRole('heading', { name: 'Environment settings' }).waitFor();
    await page.getByText('mfe_menus', { exact: false }).first().waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain(site.settings.apiOrigin);
    for (const secret of Object.values(apiSecrets())) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/DATABASE_URL|postgres:\/\/|SMTP/i);
  });
});
