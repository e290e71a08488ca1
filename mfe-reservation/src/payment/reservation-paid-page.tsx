import { formatCentavos } from '@samgyup/shared/money';
import { Link, useNavigate, useSearchParams, useSession } from '@samgyup/shared';
import { useEffect, useState } from 'react';
import { clearDraft } from '../draft/reservation-draft';
import { getReservationPayment, paymentErrorMessage, type ReservationPayment } from './reservation-payment-api';
import '../styles/reservation.css';

/** How often, and how long, the page asks while PayMongo's word is on its way. */
const ASK_EVERY_MS = 2_000;
const GIVE_UP_AFTER_MS = 30_000;

type PaidState = { status: 'asking' } | { status: 'done'; payment: ReservationPayment } | { status: 'failed'; message: string };

/**
 * /reservation-paid?reservation=…: where PayMongo's checkout sends the diner
 * back. It asks the API how the payment went (the API asks PayMongo itself
 * when the webhook is late) and goes on to the confirmed or pending page.
 */
export function ReservationPaidPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const id = Number(params.get('reservation'));
  const valid = Number.isInteger(id) && id > 0;
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-paid-title">
      <h1 id="reservation-paid-title">Your payment</h1>
      {!valid ? (
        <p>
          This address does not name a reservation. <Link to="/my-reservations">See your reservations</Link>
        </p>
      ) : !session ? (
        <>
          <p>Please log in to see how your payment went.</p>
          <Link className="button" to="/login-reservation">
            Log in
          </Link>
        </>
      ) : (
        <PaymentResult id={id} />
      )}
    </section>
  );
}

function PaymentResult({ id }: { id: number }) {
  const navigate = useNavigate();
  const [state, setState] = useState<PaidState>({ status: 'asking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      getReservationPayment(id, controller.signal)
        .then((payment) => {
          if (controller.signal.aborted) return;
          const settled = payment.payment_status === 'paid' || payment.payments.some((one) => one.outcome !== 'failed');
          if (settled || Date.now() - started > GIVE_UP_AFTER_MS) return setState({ status: 'done', payment });
          timer = setTimeout(ask, ASK_EVERY_MS);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setState({ status: 'failed', message: paymentErrorMessage(error, 'We could not check your payment. Please check your connection.') });
        });
    };
    setState({ status: 'asking' });
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, attempt]);

  const paid = state.status === 'done' && state.payment.payment_status === 'paid';
  const confirmed = paid && state.payment.status === 'confirmed';
  useEffect(() => {
    if (!paid) return;
    clearDraft();
    void navigate(confirmed ? `/reservation-confirmed?id=${id}` : `/reservation-pending?id=${id}`, { replace: true });
  }, [paid, confirmed, id, navigate]);

  if (state.status === 'asking') return <p role="status">Checking your payment with PayMongo…</p>;
  if (state.status === 'failed') {
    return (
      <div className="reservation-problem" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((value) => value + 1)}>
          Try again
        </button>
      </div>
    );
  }
  const { payment } = state;
  if (paid) return <p role="status">Payment received. Opening your reservation…</p>;
  const last = payment.payments.at(-1);
  if (last?.outcome === 'short') {
    return (
      <div className="reservation-problem" role="alert">
        <p>
          We received {formatCentavos(last.amount_centavos)}, less than the {formatCentavos(payment.amount_due_centavos)} down payment, so the reservation is not paid yet. Our
          staff will contact you; you can also call us.
        </p>
      </div>
    );
  }
  if (last && (last.outcome === 'late' || last.outcome === 'duplicate')) {
    return (
      <div className="reservation-problem" role="alert">
        <p>
          Your payment of {formatCentavos(last.amount_centavos)} arrived after this reservation stopped holding its table, so we are refunding it to the account you paid from. We
          sent you the details by email and text.
        </p>
        <Link className="button" to="/reservation-date">
          Book again
        </Link>
      </div>
    );
  }
  return (
    <div className="reservation-problem" role="alert">
      <p>We have not received your payment yet. If you paid, it can take a minute to arrive.</p>
      <button type="button" className="button" onClick={() => setAttempt((value) => value + 1)}>
        Check again
      </button>{' '}
      <Link className="button button--secondary" to="/reservation-upload">
        Back to payment
      </Link>
    </div>
  );
}
