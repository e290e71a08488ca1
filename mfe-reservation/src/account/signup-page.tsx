import { RegisterForm } from '@samgyup/shared/account-forms';
import { accountMessages } from '@samgyup/shared/validation';
import { useNavigate } from '@samgyup/shared';
import '../styles/reservation.css';

/** /signup: the register rules, with agreement to the terms instead of the captcha wording; then /loginReservation. */
export function SignupPage() {
  const navigate = useNavigate();
  return (
    <div className="reservation-account-page">
      <RegisterForm
        title="Sign up to reserve a table"
        variant="signup"
        loginTo="/loginReservation"
        onRegistered={() => navigate('/loginReservation', { replace: true, state: { notice: accountMessages.accountCreated } })}
      />
    </div>
  );
}
