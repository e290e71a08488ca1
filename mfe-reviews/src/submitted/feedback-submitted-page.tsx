import { Link } from '@samgyup/shared';
import '../styles/reviews.css';

export function FeedbackSubmittedPage() {
  return (
    <section className="reviews-page reviews-page--centered" aria-labelledby="feedback-thanks-title">
      <h1 id="feedback-thanks-title">Thank you for your feedback!</h1>
      <p>Your review helps us serve you better. We read every one.</p>
      <Link className="button" to="/">
        Back to Home
      </Link>
    </section>
  );
}
