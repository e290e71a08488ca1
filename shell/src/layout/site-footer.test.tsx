import { siteConfig } from '@samgyup/shared';
import { screen, within } from '@testing-library/react';
import { renderAt } from '../test/render-with-router';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('has the blurb, social links, quick links and contact details', () => {
    renderAt(<SiteFooter />);
    expect(screen.getByText(siteConfig.footerBlurb)).toBeInTheDocument();
    for (const network of ['Facebook', 'Instagram', 'TikTok']) {
      expect(screen.getByRole('link', { name: `Samgyup Plaridel on ${network}` })).toBeInTheDocument();
    }
    const quick = within(screen.getByRole('navigation', { name: 'Quick Links' }));
    expect(quick.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Menu',
      'Reservation',
      'Refilling',
      'FAQ',
      'Privacy Policy',
      'Terms & Conditions',
      'Support',
    ]);
    expect(screen.getByText(/Plaridel, Bulacan/, { selector: 'address p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: siteConfig.contact.phone })).toHaveAttribute('href', 'tel:+639175550142');
    expect(screen.getByRole('link', { name: siteConfig.contact.email })).toHaveAttribute('href', `mailto:${siteConfig.contact.email}`);
  });
});
