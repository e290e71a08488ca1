import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../test/render-with-router';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('links to every page the first version lists', () => {
    renderAt(<SiteHeader />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Home', '/'],
      ['Menu', '/'],
      ['Featured Menu Items', '/featuremenu'],
      ['Unlimited Menu', '/unlimited'],
      ['Ala Carte Menu', '/alacarte'],
      ['Side Dishes', '/sidedish'],
      ['Promos', '/promos'],
      ['Feedback', '/feedback'],
      ['Reservation', '/reservation'],
      ['Refilling', '/refilling'],
    ]);
  });

  it('opens the Menu dropdown by click or keyboard and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderAt(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Show menu pages' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Unlimited Menu' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Unlimited Menu' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the Menu dropdown when keyboard focus moves past it, and keeps it open within it', async () => {
    const user = userEvent.setup();
    renderAt(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Show menu pages' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const submenu = screen.getByRole('link', { name: 'Side Dishes' }).closest('ul')!;
    for (const name of ['Featured Menu Items', 'Unlimited Menu', 'Ala Carte Menu', 'Side Dishes']) {
      await user.tab();
      expect(within(submenu).getByRole('link', { name })).toHaveFocus();
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    await user.tab();
    expect(screen.getByRole('link', { name: 'Promos' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Side Dishes' })).not.toBeInTheDocument();
  });

  it('opens with the mobile toggle and closes when a link is clicked', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Promos' }));
    expect(router.state.location.pathname).toBe('/promos');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the account area it is given', () => {
    renderAt(<SiteHeader accountArea={<button type="button">Log out</button>} />);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
