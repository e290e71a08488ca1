import { isApiError, Link, siteConfig, useSearchParams, useSession } from '@samgyup/shared';
import type { ReactNode } from 'react';
import { reservationIdFrom, type SavedReservation } from './get-reservation';
import { usePageTitle } from './use-page-title';
import { useReservation } from './use-reservation';

/**
 * What the pending and confirmed pages share: the id from the address, the
 * login check, loading and failure; `children` draws the loaded reservation,
 * and `titleFor` may name the page otherwise once it is loaded (a cancelled booking is no longer "submitted").
 */
export function ReservationStatusView({
  titleId,
  title,
  titleFor,
  poll,
  children,
}: {
  titleId: string;
  title: string;
  titleFor?: (reservation: SavedReservation) => string | null;
  poll: boolean;
  children: (reservation: SavedReservation) => ReactNode;
}) {
  const headingText = (reservation: SavedReservation | null) => (reservation && titleFor?.(reservation)) || title;
  const heading = (reservation: SavedReservation | null) => <h1 id={titleId}>{headingText(reservation)}</h1>;
  const [params] = useSearchParams();
  const session = useSession();
  const id = reservationIdFrom(params);
  let body: ReactNode;
  if (id === null) {
    body = (
      <>
        {heading(null)}
        <p>
          This address does not name a reservation. <Link to="/reservation-date">Make a reservation</Link>
        </p>
      </>
    );
  } else if (!session) {
    body = (
      <>
        {heading(null)}
        <p>Please log in to see your reservation.</p>
        <Link className="button" to="/login-reservation">
          Log in
        </Link>
      </>
    );
  } else {
    body = <LoadedReservation id={id} poll={poll} heading={heading} headingText={headingText} render={children} />;
  }
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby={titleId}>
      {body}
    </section>
  );
}

function LoadedReservation({
  id,
  poll,
  heading,
  headingText,
  render,
}: {
  id: number;
  poll: boolean;
  heading: (reservation: SavedReservation | null) => ReactNode;
  headingText: (reservation: SavedReservation) => string;
  render: (reservation: SavedReservation) => ReactNode;
}) {
  const { state, retry } = useReservation(id, poll);
  // The shell names the tab after the address ("Reservation submitted"); once the booking is loaded it is named for what it is.
  usePageTitle(state.status === 'ready' ? headingText(state.data).replace(/!$/, '') : null);
  if (state.status === 'loading') {
    return (
      <>
        {heading(null)}
        <p role="status">Loading your reservation…</p>
      </>
    );
  }
  if (state.status === 'error') {
    const missing = isApiError(state.error) && state.error.status === 404;
    return (
      <>
        {heading(null)}
        <div className="reservation-problem" role="alert">
          <p>
            {missing
              ? `We could not find reservation #${id} in your account.`
              : `Unable to load your reservation at the moment. Please try again, or call us at ${siteConfig.contact.phone}.`}
          </p>
          {!missing && (
            <button type="button" className="button button--secondary" onClick={retry}>
              Try again
            </button>
          )}
        </div>
      </>
    );
  }
  return (
    <>
      {heading(state.data)}
      {render(state.data)}
      {state.refreshFailed && (
        <p className="reservation-status-line" role="status">
          We could not refresh the status just now; we will keep trying.
        </p>
      )}
    </>
  );
}
