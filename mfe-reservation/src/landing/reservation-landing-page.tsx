import { formatPesos, Link, useLocation, useSession } from '@samgyup/shared';
import { useRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';
import { readDraft, type ReservationDraft } from '../draft/reservation-draft';
import { ReservationSummary } from '../draft/reservation-summary';
import '../styles/reservation.css';

/** /reservation: how booking works, and the way in; a reservation kept from before can be continued. */
export function ReservationLandingPage() {
  const session = useSession();
  const location = useLocation();
  const pending = (location.state as { pendingReservation?: ReservationDraft } | null)?.pendingReservation ?? readDraft();
  // The owner's amount; while it loads (or when it cannot), the text reads without a figure.
  const { state } = useRestaurantSettings();
  const downPayment = state.status === 'ready' ? `${formatPesos(state.data.down_payment_pesos)} down payment` : 'down payment';
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-title">
      <h1 id="reservation-title">Reserve a Table</h1>
      <p>Pick a date, a time slot and your table, then send a {downPayment} through our e-wallet QR. Our staff confirm every reservation by text message.</p>
      <ol className="reservation-steps">
        <li>Choose a date and one of our three dinner slots.</li>
        <li>Tell us who is coming and pick a free table.</li>
        <li>Pay the {downPayment} by QR and upload the proof.</li>
      </ol>
      {pending && session && (
        <div className="reservation-resume" role="region" aria-label="Your unfinished reservation">
          <h2>Continue your reservation</h2>
          <ReservationSummary reservation={pending} />
          <Link className="button" to="/reservation-form">
            Continue your reservation
          </Link>
        </div>
      )}
      {session ? (
        <>
          <p>Signed in as {session.displayName}.</p>
          <Link className={pending ? 'button button--secondary' : 'button'} to="/reservation-date">
            {pending ? 'Start a new reservation' : 'Choose a date'}
          </Link>{' '}
          <Link className="button button--secondary" to="/my-reservations">
            My reservations
          </Link>
        </>
      ) : (
        <div className="reservation-actions">
          <Link className="button" to="/signup">
            Sign up to reserve
          </Link>
          <Link className="button button--secondary" to="/login-reservation">
            I have an account: log in
          </Link>
        </div>
      )}
    </section>
  );
}
