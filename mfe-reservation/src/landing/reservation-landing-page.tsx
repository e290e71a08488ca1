import { DOWN_PAYMENT_PESOS, formatPesos, useSession } from '@samgyup/shared';
import { Link } from 'react-router-dom';

export function ReservationLandingPage() {
  const session = useSession();
  return (
    <section className="reservation-page" aria-labelledby="reservation-title">
      <h1 id="reservation-title">Reserve a Table</h1>
      <p>
        Pick a date, a time slot and your table, then send a {formatPesos(DOWN_PAYMENT_PESOS)} down payment through
        our e-wallet QR. Our staff confirm every reservation by text message.
      </p>
      {session ? (
        <>
          <p>Signed in as {session.displayName}</p>
          <Link className="reservation-button" to="/reservation-date">
            Choose a date
          </Link>
        </>
      ) : (
        <Link className="reservation-button" to="/signup">
          Sign up to reserve
        </Link>
      )}
    </section>
  );
}
