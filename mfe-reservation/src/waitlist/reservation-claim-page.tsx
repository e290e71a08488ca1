import { formatLongUsDate, isApiError, Link, slotLabel, useApiData, useNavigate, useSearchParams, useSession } from '@samgyup/shared';
import { heldTablesLabel, restaurantClockTime } from '@samgyup/shared/reservation';
import { useCallback, useState } from 'react';
import { writeDraft } from '../draft/reservation-draft';
import { claimOffer, getOffer, type WaitlistOffer } from './waitlist-api';
import { LoadProblem } from '../status/load-problem';
import '../styles/reservation.css';

/** /reservation-claim?token=…: the waitlist offer from the message; claiming books the table, then the down payment is paid as usual. */
export function ReservationClaimPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-claim-title">
      <h1 id="reservation-claim-title">A table is free for you</h1>
      {token ? <OfferView token={token} /> : <p role="alert">This address has no claim link. Please open the link from your message.</p>}
    </section>
  );
}

function OfferView({ token }: { token: string }) {
  const load = useCallback((signal: AbortSignal) => getOffer(token, signal), [token]);
  const { state, retry } = useApiData(`offer-${token}`, load);
  if (state.status === 'loading') return <p role="status">Loading your offer…</p>;
  if (state.status === 'error') return <LoadProblem error={state.error} what="your offer" finalStatuses={[404]} onRetry={retry} />;
  return <Offer token={token} offer={state.data} />;
}

/** "Table 3", or "Tables 9 + 10" for a group (an offer from an older API names one table). */

function Offer({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const session = useSession();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = offer.status === 'offered' && offer.offer_expires_at !== null && new Date(offer.offer_expires_at) > new Date();
  const when = `${formatLongUsDate(offer.reservation_date)}, ${slotLabel(offer.reservation_time)}`;

  async function claim() {
    setBusy(true);
    setProblem(null);
    try {
      const reservation = await claimOffer(token);
      // The upload page saves with the claim's key, which finds this reservation, then takes the proof.
      writeDraft({
        customer_name: reservation.customer_name,
        email: reservation.email,
        phone: reservation.phone,
        reservation_date: reservation.reservation_date ?? offer.reservation_date,
        time_label: slotLabel(reservation.reservation_time),
        reservation_time: reservation.reservation_time,
        table_id: reservation.table_id,
        table_number: reservation.table_number ?? offer.table_number ?? reservation.table_id,
        combination_id: reservation.combination_id ?? null,
        table_numbers: reservation.table_numbers ?? offer.table_numbers ?? [],
        number_of_guests: reservation.number_of_guests,
        occasion: null,
        notes: null,
        idempotency_key: `waitlist-claim-${offer.id}`,
        saved_id: reservation.id,
      });
      void navigate('/reservation-upload');
    } catch (error) {
      setProblem(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : 'The table was not claimed. Please try again.');
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <p role="alert">{offer.status === 'claimed' ? 'You have claimed this table already.' : 'This offer has ended. The table may have gone to the next party on the waitlist.'}</p>
    );
  }
  const until = restaurantClockTime(offer.offer_expires_at!);
  return (
    <>
      <p>
        {heldTablesLabel(offer)} {offer.table_numbers?.length > 1 ? 'are' : 'is'} free for {offer.party_size} on {when}. It is held for you until {until} (Philippine time).
      </p>
      {problem && <p role="alert">{problem}</p>}
      {session ? (
        <button type="button" className="button" disabled={busy} onClick={() => void claim()}>
          {busy ? 'Claiming…' : 'Claim this table'}
        </button>
      ) : (
        <>
          <p>Log in with the account that joined the waitlist to claim it.</p>
          <Link className="button" to={`/login?redirect=${encodeURIComponent(`/reservation-claim?token=${token}`)}`}>
            Log in
          </Link>
        </>
      )}
    </>
  );
}
