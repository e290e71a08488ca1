import { setRuntimeConfig } from '@samgyup/shared';
import { resetRuntimeConfigForTests } from '@samgyup/shared/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlaCarteMenuPage, FeaturedMenuPage, SideDishesPage, UnlimitedMenuPage } from './menu-list-page';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

const items = [
  { id: 1, name: 'Set A Unlimited Pork', description: 'Pork belly', selling_price: 199, image_url: null, is_premium: false },
  { id: 2, name: 'Set D Premium Unlimited', description: 'Premium cuts', selling_price: 1399, image_url: '/images/missing-photo.jpg', is_premium: 1 },
  { id: 3, name: 'Set C', description: '', selling_price: 299, image_url: null, is_premium: true },
];

beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('menu list pages', () => {
  it('shows a loading text, then the items with name, description and price in pesos', async () => {
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: items }));
    render(<UnlimitedMenuPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the unlimited menu...');
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByRole('heading', { name: 'Set A Unlimited Pork' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('Pork belly')).toBeInTheDocument();
    expect(within(cards[0]).getByText('₱199')).toBeInTheDocument();
    expect(within(cards[1]).getByText('₱1,399')).toBeInTheDocument();
    expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('http://api.test/api/inventory/menu/unlimited');
  });

  it('shows the PREMIUM badge when is_premium is true or 1, and only then', async () => {
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: items }));
    render(<UnlimitedMenuPage />);
    const cards = await screen.findAllByRole('listitem');
    expect(within(cards[0]).queryByText('PREMIUM')).not.toBeInTheDocument();
    expect(within(cards[1]).getByText('PREMIUM')).toBeInTheDocument();
    expect(within(cards[2]).getByText('PREMIUM')).toBeInTheDocument();
  });

  it('falls back to a bundled picture for a missing or broken image, cycling by position', async () => {
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: items }));
    render(<UnlimitedMenuPage />);
    const broken = await screen.findByRole('img', { name: 'Set D Premium Unlimited' });
    expect(broken).toHaveAttribute('src', '/images/missing-photo.jpg');
    fireEvent.error(broken);
    expect(broken).toHaveAttribute('src', 'test-file-stub');
    expect(screen.getByRole('img', { name: 'Set A Unlimited Pork' })).toHaveAttribute('src', 'test-file-stub');
  });

  it.each([
    [UnlimitedMenuPage, 'Unable to load the unlimited menu at the moment. Please try again later.', 'No unlimited menu items available yet.'],
    [AlaCarteMenuPage, 'Unable to load the ala carte menu at the moment. Please try again later.', 'No ala carte menu items available yet.'],
    [SideDishesPage, 'Unable to load side dishes at the moment. Please try again later.', 'No side dishes available yet.'],
  ])('shows the error text on failure and the empty text for no items', async (Page, errorText, emptyText) => {
    global.fetch = jest.fn().mockResolvedValue(reply(500, { success: false, message: 'boom' }));
    const { unmount } = render(<Page />);
    expect(await screen.findByRole('alert')).toHaveTextContent(errorText);
    unmount();
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: [] }));
    render(<Page />);
    expect(await screen.findByText(emptyText)).toBeInTheDocument();
  });

  it('tries again after a failure', async () => {
    global.fetch = jest
      .fn()
      .mockResolvedValueOnce(reply(503, { success: false }))
      .mockResolvedValue(reply(200, { success: true, data: items.slice(0, 1) }));
    render(<SideDishesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Set A Unlimited Pork' })).toBeInTheDocument();
  });
});

describe('the featured page and photos', () => {
  const photo = { path: '/api/photos/0123456789abcdef01234567', widths: [320, 640, 960], width: 960, height: 600, placeholder: 'data:image/webp;base64,AAAA' };
  const featured = [
    { id: 1, name: 'Set A Unlimited Pork', description: 'Pork belly', selling_price: 199, image_url: `${photo.path}/960.jpg`, is_premium: false, photo },
    { id: 7, name: 'Samg Pork on Cup', description: '', selling_price: 75, image_url: null, is_premium: false, photo: null },
  ];

  it('lists the featured items from the API, the photo in AVIF, WebP and JPEG with sizes, width and height over its placeholder', async () => {
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: featured }));
    render(<FeaturedMenuPage />);
    const image = await screen.findByRole('img', { name: 'Set A Unlimited Pork' });
    expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('http://api.test/api/inventory/menu/featured');
    expect(image).toHaveAttribute('src', 'http://api.test/api/photos/0123456789abcdef01234567/960.jpg');
    expect(image).toHaveAttribute('width', '960');
    expect(image).toHaveAttribute('height', '600');
    expect(image).toHaveAttribute('sizes', expect.stringContaining('calc(100vw - 2rem)'));
    const sources = Array.from(image.closest('picture')!.querySelectorAll('source')).map((source) => [source.type, source.srcset.split(', ').length]);
    expect(sources).toEqual([
      ['image/avif', 3],
      ['image/webp', 3],
    ]);
    expect(image.closest('.photo-frame')?.querySelector('img[aria-hidden="true"]')).toHaveAttribute('src', photo.placeholder);
    expect(screen.getByRole('img', { name: 'Samg Pork on Cup' })).toHaveAttribute('src', 'test-file-stub');
    expect(screen.getAllByText(/^₱/).map((price) => price.textContent)).toEqual(['Price: ₱199', 'Price: ₱75']);
  });

  it('shows the bundled picture when a photo fails to load', async () => {
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: featured }));
    render(<FeaturedMenuPage />);
    fireEvent.error(await screen.findByRole('img', { name: 'Set A Unlimited Pork' }));
    expect(screen.getByRole('img', { name: 'Set A Unlimited Pork' })).toHaveAttribute('src', 'test-file-stub');
  });
});

describe('a first screen drawn ahead of time with photos', () => {
  it('asks for the first card photo at once, with a preload hint, and shows the others as their placeholders until the page runs', async () => {
    const { renderToString } = await import('react-dom/server');
    const { rememberApiAnswers, forgetApiAnswer } = await import('@samgyup/shared');
    const photo = (hash: string) => ({ path: `/api/photos/${hash}`, widths: [320, 640], width: 640, height: 400, placeholder: `data:image/webp;base64,${hash}` });
    const data = [
      { id: 1, name: 'Set A Unlimited Pork', description: '', selling_price: 199, image_url: null, is_premium: false, photo: photo('aaaaaaaaaaaaaaaaaaaaaaaa') },
      { id: 2, name: 'Set B', description: '', selling_price: 249, image_url: null, is_premium: false, photo: photo('bbbbbbbbbbbbbbbbbbbbbbbb') },
    ];
    rememberApiAnswers({ '/api/inventory/menu/featured': { success: true, data } });
    try {
      const html = renderToString(<FeaturedMenuPage />);
      expect(html).toMatch(/<link rel="preload"[^>]*aaaaaaaaaaaaaaaaaaaaaaaa\/320\.avif/);
      expect(html).toContain('<picture>');
      expect(html.match(/<picture>/g)).toHaveLength(1);
      expect(html).not.toContain('bbbbbbbbbbbbbbbbbbbbbbbb/');
      expect(html).toMatch(/<img class="photo-frame__placeholder" src="data:image\/webp;base64,bbbbbbbbbbbbbbbbbbbbbbbb" alt="Set B"/);
    } finally {
      forgetApiAnswer('/api/inventory/menu/featured');
    }
  });
});
