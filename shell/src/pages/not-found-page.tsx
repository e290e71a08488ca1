import { Link } from 'react-router-dom';
import './status-pages.css';

export function NotFoundPage() {
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>We could not find that page. It may have moved, or the address may have a typo.</p>
      <div className="status-page__actions">
        <Link className="button" to="/">
          Go to Home
        </Link>
        <Link className="button button--outline" to="/refilling">
          Request a refill
        </Link>
      </div>
    </section>
  );
}
