import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { buildFixtureRemote } from '../support/build-fixture-remote';
import { settleAll } from '../support/site-and-browser';
import { registry as registryTools } from '@samgyup/site-server';
import { startTestSite, type TestSite } from '../support/test-site';

const { pointTo } = registryTools;
import { shellOrigin, testPorts } from '../support/test-ports';

let site: TestSite;
let browser: Browser;
let fixtureDist: string;

beforeAll(async () => {
  await settleAll([
    startTestSite().then((started) => (site = started)),
    launchBrowser().then((launched) => (browser = launched)),
    buildFixtureRemote().then((built) => (fixtureDist = built)),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('remotes are found at run time from the release registry (/remotes.json)', () => {
  it('follows a remote to a new address without a shell rebuild', async () => {
    const menus = site.live('mfe_menus');
    const movedOrigin = await site.serveFolder(menus.dist, testPorts.spare[0]);
    const original = site.registry();
    site.editRegistry((registry) => pointTo(registry, 'mfe_menus', { ...menus, manifest: `${movedOrigin}/mf-manifest.json` }, 'move'));
    await site.stopRemote('mfe_menus');

    const page = await browser.newPage();
    const scriptsFrom: string[] = [];
    page.on('request', (request) => scriptsFrom.push(new URL(request.url()).origin));
    await page.goto(`${shellOrigin}/featuremenu`);
    await page.getByRole('heading', { name: 'Featured Menu Items' }).waitFor();
    expect(scriptsFrom).toContain(movedOrigin);
    await page.close();

    await site.startRemote('mfe_menus');
    site.editRegistry(() => original);
  });

  it('mounts a route that a newly deployed remote adds, without a shell rebuild', async () => {
    const page = await browser.newPage();
    await page.goto(`${shellOrigin}/seasonal-specials`);
    await page.locator('main a[href="/refilling"]').waitFor();

    const newOrigin = await site.serveFolder(fixtureDist, testPorts.spare[1]);
    site.editRegistry((registry) =>
      pointTo(
        registry,
        'mfe_seasonal',
        { name: 'mfe_seasonal', label: 'Seasonal specials', version: '1.0.0', manifest: `${newOrigin}/mf-manifest.json`, routes: ['/seasonal-specials'] },
        'release',
      ),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Seasonal specials' }).waitFor();
    expect(await page.getByText('Galbi night: ₱349').count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(1);
    await page.close();
  });
});
