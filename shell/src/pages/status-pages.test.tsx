import { screen } from '@testing-library/react';
import { renderAt, renderRoutes } from '../test/render-with-router';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

describe('status pages', () => {
  it('404 links home and to refilling', () => {
    renderAt(<NotFoundPage />, '/nowhere');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Request a refill' })).toHaveAttribute('href', '/refilling');
  });

  it('an unhandled route error shows the default error heading', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});
