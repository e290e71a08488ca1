import { screen } from '@testing-library/react';
import { settingsStillLoading } from '../test/fake-settings-api';
import { renderRoutes } from '../test/render-with-router';
import { SiteLayout } from './site-layout';

beforeEach(() => settingsStillLoading());

const renderLayoutAt = (path: string) => renderRoutes([{ path: '/', element: <SiteLayout />, children: [{ path: '*', element: <h1>The page</h1> }] }], path);

describe('SiteLayout', () => {
  it("puts the diners' header, with Log in, and the footer around a diner's page", () => {
    renderLayoutAt('/promos');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it("leaves the console's pages to their own header: no diners' navigation, Log in or footer above or below it", () => {
    for (const path of ['/staff', '/staff/reservations', '/staff/login']) {
      const { unmount } = renderLayoutAt(path);
      expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
      expect(screen.getByRole('main')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      unmount();
    }
  });

  it('does not take an address that merely starts with the same letters for the console', () => {
    renderLayoutAt('/staffing');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
