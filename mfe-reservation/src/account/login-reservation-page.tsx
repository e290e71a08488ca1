import { FormBanner, LoginForm } from '@samgyup/shared/account-forms';
import { useLocation, useNavigate } from '@samgyup/shared';
import { readDraft } from '../draft/reservation-draft';
import '../styles/reservation.css';

/**
 * /login-reservation and /loginReservation: after login a reservation kept
 * from before goes back to /reservation with it; otherwise on to /reservation-date.
 */
export function LoginReservationPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  return (
    <div className="reservation-account-page">
      <FormBanner message={notice} tone="info" />
      <LoginForm
        title="Log in to reserve"
        forgotPasswordTo="/reset-reservation"
        registerTo="/signup"
        onLoggedIn={() => {
          const pendingReservation = readDraft();
          if (pendingReservation) void navigate('/reservation', { replace: true, state: { pendingReservation } });
          else void navigate('/reservation-date', { replace: true });
        }}
      />
    </div>
  );
}
