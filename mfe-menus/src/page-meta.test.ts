import { describePage, pageMeta } from './page-meta';

const item = (name: string, price: number, photo: string | null = null) => ({
  id: name.length,
  name,
  description: `${name}, grilled`,
  selling_price: price,
  image_url: null,
  is_premium: false,
  photo: photo ? { path: photo, widths: [320], width: 320, height: 200, placeholder: '' } : null,
});

describe('what the menus pages say from their data', () => {
  it("names a menu's items and prices, in pesos, and takes the first photo for the preview card", () => {
    const answer = {
      success: true,
      data: [item('Set A Unlimited Pork', 399), item('Set B Pork and Beef', 499, '/api/photos/abc'), item('Rice', 0), item('Soju', 150), item('Kimchi', 0)],
    };
    const meta = describePage('/unlimited', { '/api/inventory/menu/unlimited': answer })!;
    expect(meta.description).toBe(`Set A Unlimited Pork, Set B Pork and Beef, Rice, Soju and 1 more. ${pageMeta['/unlimited'].description}`);
    expect(meta.image).toBe('/api/photos/abc/share-card.jpg');
    expect(meta.structuredData).toEqual([
      expect.objectContaining({
        '@type': 'Menu',
        hasMenuSection: expect.objectContaining({
          hasMenuItem: expect.arrayContaining([
            {
              '@type': 'MenuItem',
              name: 'Set A Unlimited Pork',
              description: 'Set A Unlimited Pork, grilled',
              offers: { '@type': 'Offer', price: '399.00', priceCurrency: 'PHP' },
            },
          ]),
        }),
      }),
    ]);
  });

  it('gives current promos with their dates, and none that has ended', () => {
    const promos = [
      { id: 1, title: 'Birthday Treat', summary: 'Free set for the celebrant', terms: [], starts_on: '2026-11-01', ends_on: '2099-12-31', photo: null },
      { id: 2, title: 'Old Deal', summary: 'Gone', terms: [], starts_on: null, ends_on: '2020-01-31', photo: null },
    ];
    const meta = describePage('/promos', { '/api/promos': { success: true, data: promos } })!;
    expect(meta.description).toMatch(/^Birthday Treat \(until December 31\)\. /);
    expect(meta.structuredData).toEqual([expect.objectContaining({ '@type': 'Offer', name: 'Birthday Treat', validFrom: '2026-11-01', validThrough: '2099-12-31' })]);
  });

  it('says nothing more than its static meta before the API has answered', () => {
    expect(describePage('/alacarte', {})).toBeNull();
    expect(describePage('/promos', {})).toBeNull();
  });
});
