import { Link } from 'react-router-dom';

export function ResetSuccessPage() {
  return (
    <div className="account-page">
      <section className="account-form" aria-labelledby="reset-success-title">
        <h1 id="reset-success-title">Password changed</h1>
        <p>Your password has been reset. You can now log in with your new password.</p>
        <p>
          <Link className="account-form__submit account-form__link-button" to="/login">
            Go to Log in
          </Link>
        </p>
      </section>
    </div>
  );
}
