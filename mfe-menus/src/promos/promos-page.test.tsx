import { setRuntimeConfig } from '@samgyup/shared';
import { resetRuntimeConfigForTests } from '@samgyup/shared/testing';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hasEnded } from './promos';
import { PromosPage } from './promos-page';

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const photo = { path: '/api/photos/0123456789abcdef01234567', widths: [320, 640], width: 640, height: 400, placeholder: 'data:image/webp;base64,AAAA' };
const promos = [
  {
    id: 1,
    title: 'Birthday Treat: Free Unlimited Samgyupsal',
    summary: 'The birthday celebrant eats free unlimited samgyupsal when bringing 4 friends.',
    terms: ['Claimable for 7 days: 3 days before, on the day, and 3 days after your birthday.', 'Valid all year.'],
    starts_on: null,
    ends_on: null,
    photo,
  },
  { id: 2, title: "Women's Month: 50% Off All Cheese", summary: '', terms: ['Valid until March 31, 2025.'], starts_on: null, ends_on: '2025-03-31', photo: null },
];

beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
});

const renderAt = (now: string) =>
  render(
    <MemoryRouter>
      <PromosPage now={new Date(now)} />
    </MemoryRouter>,
  );

describe('PromosPage', () => {
  it('shows the promos from the API with their terms and photo, and a claim-table button to /reservation', async () => {
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: promos }));
    renderAt('2025-03-01T10:00:00+08:00');
    expect(screen.getByRole('status')).toHaveTextContent('Loading promos...');
    const cards = (await screen.findAllByRole('listitem')).filter((item) => item.classList.contains('promo-card'));
    expect(cards).toHaveLength(2);
    expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('http://api.test/api/promos');
    expect(within(cards[0]).getByText(/3 days before, on the day, and 3 days after/)).toBeInTheDocument();
    const picture = within(cards[0]).getByRole('img', { name: promos[0].title });
    expect(picture).toHaveAttribute('srcset', 'http://api.test/api/photos/0123456789abcdef01234567/320.jpg 320w, http://api.test/api/photos/0123456789abcdef01234567/640.jpg 640w');
    expect(picture.closest('picture')?.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', expect.stringContaining('/640.avif 640w'));
    expect(within(cards[1]).getByText('Valid until March 31, 2025.')).toBeInTheDocument();
    expect(screen.queryByText('This promo has ended.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim your table' })).toHaveAttribute('href', '/reservation');
  });

  it("marks the women's month promo as ended after March 31, 2025 (Manila time)", async () => {
    expect(hasEnded('2025-03-31', new Date('2025-03-31T23:00:00+08:00'))).toBe(false);
    expect(hasEnded('2025-03-31', new Date('2025-04-01T00:00:01+08:00'))).toBe(true);
    expect(hasEnded(null, new Date('2099-01-01'))).toBe(false);
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data: promos }));
    renderAt('2026-11-23T12:00:00+08:00');
    expect(await screen.findAllByText('This promo has ended.')).toHaveLength(1);
  });

  it('says so when the promos cannot be loaded, and keeps the claim button', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    global.fetch = jest.fn().mockResolvedValue(reply(500, { success: false, message: 'boom' }));
    renderAt('2026-11-23T12:00:00+08:00');
    expect(await screen.findByText('Unable to load promos at the moment. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim your table' })).toBeInTheDocument();
  });
});
