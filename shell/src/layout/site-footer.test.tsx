import { siteConfig } from '@samgyup/shared';
import { screen, within } from '@testing-library/react';
import { answerSettings, settingsStillLoading } from '../test/fake-settings-api';
import { renderAt } from '../test/render-with-router';
import { SiteFooter } from './site-footer';

beforeEach(() => settingsStillLoading());

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

  it("shows the owner's contact details, opening time and social links once they are read", async () => {
    answerSettings({
      contact: { address: 'MacArthur Highway, Plaridel, Bulacan', phone: '0918 222 3333', email: 'owner@samgyup.test' },
      opening_text: 'Open daily from 4:00 pm',
      social_links: [{ label: 'YouTube', href: 'https://www.youtube.com/@samgyup' }],
    });
    renderAt(<SiteFooter />);
    expect(await screen.findByRole('link', { name: '0918 222 3333' })).toHaveAttribute('href', 'tel:09182223333');
    expect(screen.getByText('Open daily from 4:00 pm')).toBeInTheDocument();
    expect(screen.getByText('MacArthur Highway, Plaridel, Bulacan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Samgyup Plaridel on YouTube' })).toHaveAttribute('href', 'https://www.youtube.com/@samgyup');
    expect(screen.queryByRole('link', { name: 'Samgyup Plaridel on Facebook' })).not.toBeInTheDocument();
  });

  it('draws a network icon only for a link whose host is that network, whatever its name', async () => {
    answerSettings({
      social_links: [
        { label: 'Facebook', href: 'https://www.facebook.com@evil.example/' },
        { label: 'constructor', href: 'https://example.ph/' },
        { label: 'Our page', href: 'https://www.facebook.com/samgyupplaridel' },
      ],
    });
    renderAt(<SiteFooter />);
    const real = await screen.findByRole('link', { name: 'Samgyup Plaridel on Our page' });
    const impostor = screen.getByRole('link', { name: 'Samgyup Plaridel on Facebook' });
    expect(impostor.querySelector('svg')).toBeNull();
    expect(impostor).toHaveTextContent('Facebook');
    expect(screen.getByRole('link', { name: 'Samgyup Plaridel on constructor' })).toHaveTextContent('constructor');
    expect(real.querySelector('svg path')).not.toBeNull();
    expect(real).toHaveTextContent('');
  });
});
