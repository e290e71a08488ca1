import { Link } from '@samgyup/shared';
import { ReviewsSection } from '../reviews-carousel/reviews-section';
import { coreValues } from './core-values';
import { FEEDBACK_FORM_LOGIN, FEEDBACK_FORM_REGISTER } from './feedback-links';
import '../styles/reviews.css';

export function FeedbackPage() {
  return (
    <div className="reviews-page">
      <section className="reviews-hero" aria-labelledby="feedback-title">
        <h1 id="feedback-title">Feedback</h1>
        <p>Every grill, every refill, every visit: tell us how we did.</p>
      </section>

      <section className="core-values" aria-labelledby="values-title">
        <h2 id="values-title">Our Core Values</h2>
        <ul className="core-values__list">
          {coreValues.map((value) => (
            <li key={value.title} className="core-values__item">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <ReviewsSection />

      <div className="reviews-page__cta">
        <Link className="button" to={FEEDBACK_FORM_LOGIN}>
          LEAVE A REVIEW!
        </Link>
      </div>

      <aside className="reviews-invite" aria-labelledby="invite-title">
        <h2 id="invite-title">Dined with us?</h2>
        <p>
          <Link to={FEEDBACK_FORM_LOGIN}>Log in</Link> or <Link to={FEEDBACK_FORM_REGISTER}>sign up</Link> to share your experience with other diners.
        </p>
      </aside>
    </div>
  );
}
