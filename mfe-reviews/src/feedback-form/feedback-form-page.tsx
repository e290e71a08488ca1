import { readJson, removeKey, REVIEW_TEXT_MAX_LENGTH, useNavigate, useSession, writeJson } from '@samgyup/shared';
import { feedbackMessages, feedbackSchema } from '@samgyup/shared/validation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FEEDBACK_FORM_LOGIN } from '../feedback/feedback-links';
import { PhotoPicker } from './photo-picker';
import { StarRatingInput } from './star-rating-input';
import { submitErrorMessage, submitFeedback, type FeedbackDraft } from './submit-feedback';
import '../styles/reviews.css';

/** The browser-storage key of a review being written, kept while its author logs in. */
export const FEEDBACK_DRAFT_KEY = 'feedbackDraft';

function savedDraft(): FeedbackDraft {
  const draft = readJson<Partial<FeedbackDraft>>(FEEDBACK_DRAFT_KEY);
  return {
    rating: Number.isInteger(draft?.rating) && draft!.rating! >= 1 && draft!.rating! <= 5 ? draft!.rating! : 0,
    feedback_text: typeof draft?.feedback_text === 'string' ? draft.feedback_text : '',
  };
}

/** /feedback-form: photo (kept here), 1–5 stars, review text, Submit. */
export function FeedbackFormPage() {
  const navigate = useNavigate();
  const session = useSession();
  const textId = useId();
  const [draft, setDraft] = useState<FeedbackDraft>(savedDraft);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The draft survives a trip to the login page or an ended session.
  useEffect(() => {
    if (draft.rating || draft.feedback_text) writeJson(FEEDBACK_DRAFT_KEY, draft);
  }, [draft]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    if (!session) {
      window.alert(feedbackMessages.loginRequired);
      void navigate(FEEDBACK_FORM_LOGIN);
      return;
    }
    const parsed = feedbackSchema.safeParse(draft);
    if (!parsed.success) {
      window.alert(parsed.error.issues[0]?.message ?? feedbackMessages.ratingAndTextRequired);
      return;
    }
    setSubmitting(true);
    try {
      await submitFeedback({ rating: parsed.data.rating, feedback_text: parsed.data.feedback_text });
      removeKey(FEEDBACK_DRAFT_KEY);
      void navigate('/feedback-submitted');
    } catch (error) {
      const message = submitErrorMessage(error);
      setFailure(message);
      window.alert(message);
      setSubmitting(false);
    }
  }

  return (
    <section className="reviews-page reviews-form-page" aria-labelledby="feedback-form-title">
      <h1 id="feedback-form-title">Leave a Review</h1>
      <p className="reviews-form-page__intro">
        {session
          ? `Posting as ${session.displayName}. Your name and review will be shown on our Feedback page.`
          : 'You will be asked to log in before your review is posted. What you write here is kept.'}
      </p>
      <form className="feedback-form" onSubmit={onSubmit} noValidate>
        <PhotoPicker />
        <StarRatingInput value={draft.rating} onChange={(rating) => setDraft((current) => ({ ...current, rating }))} />
        <div className="feedback-form__field">
          <label htmlFor={textId}>Your review</label>
          <textarea
            id={textId}
            rows={6}
            maxLength={REVIEW_TEXT_MAX_LENGTH}
            value={draft.feedback_text}
            onChange={(event) => setDraft((current) => ({ ...current, feedback_text: event.target.value }))}
            placeholder="How were the meat, the sides, the service?"
          />
          <p className="feedback-form__count" aria-live="polite">
            {draft.feedback_text.length} / {REVIEW_TEXT_MAX_LENGTH}
          </p>
        </div>
        {failure && (
          <p className="feedback-form__failure" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Submitting...' : 'Submit'}
        </button>
      </form>
    </section>
  );
}
