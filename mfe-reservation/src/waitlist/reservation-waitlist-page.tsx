import { formatLongUsDate, isApiError, Link, slotLabel, TIME_SLOTS, useSearchParams, useSession } from '@samgyup/shared';
import { useState, type FormEvent } from 'react';
import { joinWaitlist } from './waitlist-api';
import '../styles/reservation.css';

const isSlot = (time: string | null): time is string => TIME_SLOTS.some((slot) => slot.start === time);

/** /reservation-waitlist?date=…&time=…&guests=…: join the waitlist for a fully booked date and slot. */
export function ReservationWaitlistPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const date = params.get('date');
  const time = params.get('time');
  let body;
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !isSlot(time)) {
    body = (
      <p>
        Choose a date and time first. <Link to="/reservation-date">Choose a date</Link>
      </p>
    );
  } else if (!session) {
    body = (
      <>
        <p>Please log in to join the waitlist.</p>
        <Link className="button" to={`/login?redirect=${encodeURIComponent(`/reservation-waitlist?${params.toString()}`)}`}>
          Log in
        </Link>
      </>
    );
  } else {
    body = <WaitlistForm date={date} time={time} guests={Number(params.get('guests')) || 2} email={session.user.email ?? ''} name={session.displayName} />;
  }
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-waitlist-title">
      <h1 id="reservation-waitlist-title">Join the waitlist</h1>
      {body}
    </section>
  );
}

function WaitlistForm({ date, time, guests, email, name }: { date: string; time: string; guests: number; email: string; name: string }) {
  const [fields, setFields] = useState({ customer_name: name, email, phone: '', number_of_guests: guests });
  const [state, setState] = useState<{ status: 'editing' | 'sending' } | { status: 'joined' | 'failed'; message: string }>({ status: 'editing' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ status: 'sending' });
    try {
      setState({ status: 'joined', message: await joinWaitlist({ ...fields, reservation_date: date, reservation_time: time }) });
    } catch (error) {
      setState({ status: 'failed', message: isApiError(error) && error.status > 0 && error.status < 500 ? error.message : 'You are not on the waitlist yet. Please try again.' });
    }
  }

  if (state.status === 'joined') {
    return (
      <p className="reservation-note" role="status">
        {state.message}
      </p>
    );
  }
  return (
    <form className="reservation-form" onSubmit={(event) => void submit(event)}>
      <p>
        Every table is taken on {formatLongUsDate(date)}, {slotLabel(time)}. Join the waitlist: if a table for your group frees up, we send you a link to claim it by email and text
        message.
      </p>
      <label>
        Name
        <input required value={fields.customer_name} onChange={(event) => setFields({ ...fields, customer_name: event.target.value })} />
      </label>
      <label>
        Email
        <input type="email" required value={fields.email} onChange={(event) => setFields({ ...fields, email: event.target.value })} />
      </label>
      <label>
        Mobile number
        <input type="tel" required value={fields.phone} onChange={(event) => setFields({ ...fields, phone: event.target.value })} />
      </label>
      <label>
        Party size
        <input
          type="number"
          min={1}
          max={20}
          required
          value={fields.number_of_guests}
          onChange={(event) => setFields({ ...fields, number_of_guests: event.target.valueAsNumber })}
        />
      </label>
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      <button type="submit" className="button" disabled={state.status === 'sending'}>
        {state.status === 'sending' ? 'Joining…' : 'Join the waitlist'}
      </button>
    </form>
  );
}
