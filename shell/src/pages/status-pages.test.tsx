import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '../app/routes';
import { renderAt } from '../test/render-with-router';
import { NotFoundPage } from './not-found-page';

describe('status pages', () => {
  it('404 links home and to refilling', () => {
    renderAt(<NotFoundPage />, '/nowhere');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Request a refill' })).toHaveAttribute('href', '/refilling');
  });

  it('an unhandled route error shows the default error heading, until the visitor moves to another address', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    function Pages() {
      const { key } = useLocation();
      return (
        <RouteErrorBoundary locationKey={key}>
          <Routes>
            <Route path="/" element={<Broken />} />
            <Route path="/menu" element={<h1>Menu</h1>} />
          </Routes>
        </RouteErrorBoundary>
      );
    }
    render(
      <MemoryRouter>
        <Link to="/menu">Menu</Link>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('link', { name: 'Menu' }));
    expect(screen.getByRole('heading', { name: 'Menu' })).toBeInTheDocument();
  });
});
