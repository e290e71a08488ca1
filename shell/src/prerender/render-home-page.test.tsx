import { defaultRestaurantSettings } from '@samgyup/shared/settings';
import { renderAppShell, renderConsoleShell, renderFooter, renderHomePage, renderLayoutAt } from './render-home-page';

describe('the prerendered home page', () => {
  it('is the real home page: header, hero heading, story, gallery and footer, in HTML', async () => {
    const html = await renderHomePage();
    expect(html).toContain('class="site-header"');
    expect(html).toMatch(/<h1[^>]*id="hero-title"/);
    expect(html).toContain('id="our-story"');
    expect(html).toContain('class="gallery"');
    expect(html).toContain('class="site-footer"');
    // Logged out: a prerendered page is the same for everyone.
    expect(html).toContain('href="/login"');
  });

  it('needs no inline style or script, which the Content-Security-Policy forbids', async () => {
    const html = await renderHomePage();
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/<script/);
  });

  it("draws the footer and the home page with the owner's settings, which travel with the HTML", async () => {
    const answer = {
      success: true,
      data: { ...defaultRestaurantSettings, opening_text: 'Open daily from 4:00 pm', down_payment_pesos: 250, closed_dates: [], payment_qr_path: null },
    };
    const answers = { '/api/restaurant-settings': answer };
    const footer = await renderFooter(answers);
    expect(footer).toMatch(/^<footer class="site-footer">/);
    expect(footer).toContain('Open daily from 4:00 pm');
    expect(footer).toContain('<script type="application/json" data-api-answers>');
    const home = await renderHomePage(answers);
    expect(home).toContain('with a ₱250 down payment');
    // Nothing is kept for the next drawing.
    expect(await renderFooter()).toContain('Opened 9:00 pm');
  });
});

describe('the prerendered layouts other pages start from', () => {
  it("has the diners' header and footer around a diner's page, and neither around the console's (no flash of Log in before the console's bar)", async () => {
    const diners = await renderAppShell();
    expect(diners).toContain('class="site-header"');
    expect(diners).toContain('>Log in</a>');
    // Before its scripts run, the shell cannot know which page it is: Log in brings the diner back home, not to the shell's own address.
    expect(diners).toContain('href="/login"');
    expect(diners).not.toContain('page-on-its-way');
    const consoleLayout = await renderConsoleShell();
    expect(consoleLayout).toContain('<main id="main-content"');
    expect(consoleLayout).not.toContain('class="site-header"');
    expect(consoleLayout).not.toContain('class="site-footer"');
    expect(consoleLayout).not.toContain('Log in');
  });

  it("draws a page's layout for its own address, as the live app draws it there: its link marked, Log in coming back to it, the settings it was drawn with", async () => {
    const answers = {
      '/api/restaurant-settings': { success: true, data: { ...defaultRestaurantSettings, opening_text: 'Open daily from 4:00 pm', closed_dates: [], payment_qr_path: null } },
    };
    const diners = await renderLayoutAt('/feedback?from=share', answers);
    expect(diners).toContain('<a aria-current="page" class="active" href="/feedback"');
    expect(diners).toContain('href="/login?redirect=%2Ffeedback%3Ffrom%3Dshare"');
    expect(diners).toContain('Open daily from 4:00 pm');
    expect(diners).toMatch(/<\/footer><p [^>]*data-route-announcer=""><\/p><script type="application\/json" data-api-answers>/);
    // Until the app is in, <main> holds the loading status, where the shell's server puts the route's first screen.
    expect(diners).toMatch(/<main id="main-content" tabindex="-1"><div class="remote-status" role="status"/);
    const consoleLayout = await renderLayoutAt('/staff/menu');
    expect(consoleLayout).not.toContain('class="site-header"');
    expect(consoleLayout).toContain('<main id="main-content"');
  });
});
