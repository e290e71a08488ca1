import { useEffect } from 'react';
import './status-pages.css';

/** What the shell shows when something in the page itself broke (RouteErrorBoundary, routes.tsx). */
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('Unhandled route error', error);
  }, [error]);
  return (
    <main id="main-content" className="status-page" aria-labelledby="error-title">
      <h1 id="error-title">Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page. Please reload, or go back to the home page.</p>
      <div className="status-page__actions">
        <a className="button" href="/">
          Go to Home
        </a>
      </div>
    </main>
  );
}
