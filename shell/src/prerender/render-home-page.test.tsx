import { renderHomePage } from './render-home-page';

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
});
