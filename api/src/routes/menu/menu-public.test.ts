import { createTestApp, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('menu lists', () => {
  it.each([
    ['/api/inventory/menu/unlimited', 'Set A Unlimited Pork', 199],
    ['/api/inventory/menu/alacarte', 'Samg Pork on Cup', 75],
    ['/api/inventory/menu/sidedishes', 'Siomai', 0],
  ])('%s lists available items with the fields of the first version', async (url, firstName, firstPrice) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: firstName,
      description: expect.any(String),
      selling_price: firstPrice,
      image_url: null,
      is_premium: false,
      is_featured: expect.any(Boolean),
      photo: null,
    });
  });

  it('flags premium items', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' })).json();
    expect(data.find((item: { name: string }) => item.name === 'Set D Premium Unlimited').is_premium).toBe(true);
  });

  it('is cacheable: Cache-Control, an ETag, and 304 when unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/inventory/menu/alacarte' });
    expect(first.headers['cache-control']).toContain('max-age=');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await t.app.inject({ method: 'GET', url: '/api/inventory/menu/alacarte', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('leaves out unavailable items once the cache is refreshed', async () => {
    await t.db.query("UPDATE menu_items SET is_available = false WHERE name = 'Hotdog'");
    t.app.menuCache.clear();
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/inventory/menu/sidedishes' })).json();
    expect(data.map((item: { name: string }) => item.name)).not.toContain('Hotdog');
    expect(data).toHaveLength(7);
  });
});
