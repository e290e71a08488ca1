import { Link } from '@samgyup/shared';
import '../styles/refill.css';

export function RefillSubmittedPage() {
  return (
    <section className="refill-page refill-page--centered" aria-labelledby="refill-sent-title">
      <h1 id="refill-sent-title">Refill request sent!</h1>
      <p>Our staff got your request and will bring it to your table shortly.</p>
      <Link className="button refill-big-button" to="/refill-request">
        Back to Refill Request
      </Link>
    </section>
  );
}
