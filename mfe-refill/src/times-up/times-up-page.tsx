import { Link } from '@samgyup/shared';
import '../styles/refill.css';

export function TimesUpPage() {
  return (
    <section className="refill-page refill-page--centered" aria-labelledby="times-up-title">
      <h1 id="times-up-title">Time's up!</h1>
      <p>Your dining time has ended. Thank you for eating with us. We hope to see you again soon!</p>
      <Link className="button" to="/">
        Back to Home
      </Link>
    </section>
  );
}
