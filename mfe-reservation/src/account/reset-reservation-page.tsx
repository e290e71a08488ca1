import { ResetPasswordForm } from '@samgyup/shared/account-forms';
import { Link, useNavigate } from '@samgyup/shared';
import '../styles/reservation.css';

/** /reset-reservation and /resetReservation. */
export function ResetReservationPage() {
  const navigate = useNavigate();
  return (
    <div className="reservation-account-page">
      <ResetPasswordForm title="Reset your password" variant="reservation" onReset={() => navigate('/success-new-password-reservation', { replace: true })} />
    </div>
  );
}

/** /success-new-password-reservation. */
export function NewPasswordSuccessPage() {
  return (
    <section className="reservation-page reservation-page--narrow reservation-page--centered" aria-labelledby="new-password-title">
      <h1 id="new-password-title">Password changed</h1>
      <p>Your new password is set. Log in to continue with your reservation.</p>
      <Link className="button" to="/login-reservation">
        Log in
      </Link>
    </section>
  );
}
