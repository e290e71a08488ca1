import { formatCentavos } from '@samgyup/shared/money';
import { formatLongUsDate, useInBrowser } from '@samgyup/shared';
import { useState } from 'react';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { drawnListData, useStaffData } from '../layout/use-staff-data';
import { staffRequest, useStaffSession } from '../session/staff-session';
import { type PaymentRefund } from './staff-payments';

type FailedRefund = PaymentRefund & { customer_name: string; reservation_date: string };

/** Refunds PayMongo refused, listed like failed messages; an admin sends one again. */
export function FailedRefundList() {
  // Drawn with the failed messages for a logged-in tablet (package.json's signedInRouteData), the list starts from it.
  const { state, refresh } = useStaffData<FailedRefund[]>('staff-failed-refunds', '/api/staff/payments/failed-refunds', null, drawnListData<FailedRefund>);
  const { message, busy, run } = useStaffAction({ refresh, failed: 'Not sent again. Please try again.' });
  const admin = useStaffSession()?.staff.role === 'admin';
  const [retrying, setRetrying] = useState<number | null>(null);
  // False while drawn on the site's server: the buttons wait, disabled, for the script.
  const ready = useInBrowser();

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading failed refunds…" what="the failed refunds" onRetry={refresh} />;
  return (
    <section aria-labelledby="failed-refunds-title">
      <h2 id="failed-refunds-title">Failed refunds</h2>
      <StaffMessage message={message} />
      {state.data.length === 0 ? (
        <p>Every refund went through. Refunds PayMongo refuses are listed here.</p>
      ) : (
        <ul className="staff-menu">
          {state.data.map((refund) => (
            <li key={refund.id}>
              <span>{`Reservation #${refund.reservation_id} · ${refund.customer_name} · ${formatLongUsDate(refund.reservation_date)} · ${formatCentavos(refund.amount_centavos)}`}</span>
              <span>{refund.last_error ?? 'no reason given'}</span>
              {admin && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={!ready || (busy && retrying === refund.id)}
                  onClick={() => {
                    setRetrying(refund.id);
                    void run(() => staffRequest<{ message: string }>(`/api/staff/payments/refunds/${refund.id}/retry`, { method: 'POST' }));
                  }}
                >
                  {`Send the refund for reservation #${refund.reservation_id} again`}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
