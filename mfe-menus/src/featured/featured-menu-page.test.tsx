import { render, screen } from '@testing-library/react';
import { FeaturedMenuPage } from './featured-menu-page';

describe('FeaturedMenuPage', () => {
  it('lists the popular picks with their exact prices', () => {
    render(<FeaturedMenuPage />);
    const prices = Object.fromEntries(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => [heading.textContent, heading.parentElement?.querySelector('.menu-card__price')?.textContent?.replace('Price: ', '')]),
    );
    expect(prices).toEqual({
      'Set A Unlimited Pork': '₱199',
      'Samg Pork on Cup': '₱75',
      Kimchi: '₱120',
      'Unlimited Cheese': '₱50',
      'Chicken Poppers': '₱100',
    });
  });
});
