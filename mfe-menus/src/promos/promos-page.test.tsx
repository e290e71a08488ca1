import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hasEnded } from './promos';
import { PromosPage } from './promos-page';

describe('PromosPage', () => {
  it('shows both promos with their terms and a claim-table button to /reservation', () => {
    render(
      <MemoryRouter>
        <PromosPage now={new Date('2025-03-01T10:00:00+08:00')} />
      </MemoryRouter>,
    );
    const cards = screen.getAllByRole('listitem').filter((item) => item.classList.contains('promo-card'));
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText(/bringing 4 friends/)).toBeInTheDocument();
    expect(within(cards[0]).getByText(/3 days before, on the day, and 3 days after/)).toBeInTheDocument();
    expect(within(cards[0]).getByText('Valid all year.')).toBeInTheDocument();
    expect(within(cards[1]).getByText(/50% Off All Cheese/)).toBeInTheDocument();
    expect(within(cards[1]).getByText('Valid until March 31, 2025.')).toBeInTheDocument();
    expect(screen.queryByText('This promo has ended.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim your table' })).toHaveAttribute('href', '/reservation');
  });

  it("marks the women's month promo as ended after March 31, 2025 (Manila time)", () => {
    expect(hasEnded('2025-03-31', new Date('2025-03-31T23:00:00+08:00'))).toBe(false);
    expect(hasEnded('2025-03-31', new Date('2025-04-01T00:00:01+08:00'))).toBe(true);
    expect(hasEnded(null, new Date('2099-01-01'))).toBe(false);
    render(
      <MemoryRouter>
        <PromosPage now={new Date('2026-11-23T12:00:00+08:00')} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('This promo has ended.')).toHaveLength(1);
  });
});
