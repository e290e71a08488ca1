import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section>
      <h1>Page not found</h1>
      <Link to="/">Go home</Link> <Link to="/refilling">Request a refill</Link>
    </section>
  );
}
