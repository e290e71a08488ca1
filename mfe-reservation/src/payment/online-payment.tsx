import { formatCentavos } from '@samgyup/shared/money';
import { useApiData, useInBrowser } from '@samgyup/shared';
import { useCallback, useState } from 'react';
import { getReservationPayment, methodList, paymentErrorMessage, readPaymentAnswer, startCheckout } from './reservation-payment-api';

/**
 * On the upload page (`reservationId` null while the reservation is being saved): with PayMongo set up,
 * "Pay ₱100 with GCash, Maya, QR Ph or card" sends the diner to its checkout
 * (the amount is the server's). With the proof provider it shows nothing.
 */
export function OnlinePayment({ reservationId }: { reservationId: number | null }) {
  if (reservationId === null) return <CheckingWaysToPay />;
  return <OnlinePaymentFor reservationId={reservationId} />;
}

/** Shown from the start, while the reservation is being saved too: the line is in place before the answer, not pushed in. */
function CheckingWaysToPay() {
  return (
    <p className="reservation-status-line" role="status">
      Checking the ways to pay…
    </p>
  );
}

function OnlinePaymentFor({ reservationId }: { reservationId: number }) {
  const load = useCallback((signal: AbortSignal) => getReservationPayment(reservationId, signal), [reservationId]);
  // A page the site's server drew with it (the upload page of a saved booking) starts from that answer.
  const { state } = useApiData(`reservation-payment-${reservationId}`, load, { path: `/api/reservations/${reservationId}/payment`, read: readPaymentAnswer });
  const ready = useInBrowser();
  const [going, setGoing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (state.status === 'loading') return <CheckingWaysToPay />;
  // Without the answer the proof upload below still works: say nothing more.
  if (state.status === 'error' || state.data.provider !== 'paymongo' || state.data.online_methods.length === 0) return null;
  const payment = state.data;

  async function pay() {
    setGoing(true);
    setProblem(null);
    try {
      const url = await startCheckout(reservationId);
      window.location.assign(url);
    } catch (error) {
      setProblem(paymentErrorMessage(error, 'We could not open the payment page. Please try again, or upload a proof of payment below.'));
      setGoing(false);
    }
  }

  return (
    <div className="online-payment">
      <h2>Pay online</h2>
      <button type="button" className="button reservation-next" onClick={pay} disabled={going || !ready} aria-busy={going}>
        {going ? 'Opening the payment page…' : `Pay ${formatCentavos(payment.amount_due_centavos)} with ${methodList(payment.online_methods)}`}
      </button>
      <p className="reservation-note">You pay on PayMongo's secure page; your reservation is confirmed as soon as the payment arrives.</p>
      {problem && (
        <p className="reservation-field-error" role="alert">
          {problem}
        </p>
      )}
      <p className="reservation-note">Or pay by QR and upload your proof of payment:</p>
    </div>
  );
}
