import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { showPageTitle } from '../app/page-title';
import { RouteAnnouncer } from './route-announcer';

/** A layout like the site's: content in <main>, the page named by an effect above the announcer's. */
function Layout() {
  const { pathname } = useLocation();
  useEffect(() => showPageTitle(pathname === '/' ? 'Home · Samgyup Plaridel' : 'Terms & Conditions · Samgyup Plaridel'), [pathname]);
  return (
    <>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <footer>
        <Link to="/terms">Terms</Link>
      </footer>
      <RouteAnnouncer />
    </>
  );
}

const renderSite = () =>
  render(
    <RouterProvider
      router={createMemoryRouter([
        {
          path: '/',
          element: <Layout />,
          children: [
            { index: true, element: <h1>Home</h1> },
            { path: 'terms', element: <h1>Terms</h1> },
          ],
        },
      ])}
    />,
  );

describe('moving between pages', () => {
  it('leaves the first page as the browser opened it: nothing announced, focus untouched', () => {
    renderSite();
    expect(document.querySelector('[data-route-announcer]')).toHaveTextContent('');
    expect(document.body).toHaveFocus();
  });

  it("moves focus from the clicked link to the new page's content, and announces its title", async () => {
    renderSite();
    const link = screen.getByRole('link', { name: 'Terms' });
    link.focus();
    await act(async () => link.click());
    await screen.findByRole('heading', { name: 'Terms' });
    expect(screen.getByRole('main')).toHaveFocus();
    expect(document.querySelector('[data-route-announcer]')).toHaveTextContent('Terms & Conditions · Samgyup Plaridel');
    expect(document.title).toBe('Terms & Conditions · Samgyup Plaridel');
  });
});
