import { slotLabel, useInBrowser, usePolledApiData } from '@samgyup/shared';
import { QrCode } from '@samgyup/shared/qr-code';
import { heldTablesLabel } from '@samgyup/shared/reservation';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../layout/modal-dialog';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { drawnList } from '../layout/use-staff-data';
import {
  closeTableSession,
  extendTableSession,
  listStaffTables,
  openTableSession,
  refillAddress,
  seatReservation,
  STAFF_TABLES_PATH,
  type StaffTable,
  type TonightReservation,
} from './staff-tables';

export const TABLES_REFRESH_MS = 15_000;
const EXTEND_MINUTES = 15;

const STATE_WORDS: Record<StaffTable['state'], string> = { free: 'Free', reserved: 'Reserved', seated: 'Seated', inactive: 'Not in use' };

/** The table is one of a group's joined tables, seated together with one session. */
const joined = (table: StaffTable): table is StaffTable & { session: NonNullable<StaffTable['session']> } => (table.session?.table_numbers?.length ?? 0) > 1;
/** What closing a table ends: the table, or every table of a group's joined booking ("tables 9 + 10"). */
const closingWhat = (table: StaffTable) => (joined(table) ? heldTablesLabel(table.session).toLowerCase() : `table ${table.table_number}`);

function timeLeft(seconds: number): string {
  const minutes = Math.max(0, Math.ceil(seconds / 60));
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min left` : `${minutes} min left`;
}

function TonightList({ table, busy, onSeat }: { table: StaffTable; busy: boolean; onSeat: (reservation: TonightReservation) => void }) {
  if (!table.tonight || table.tonight.length === 0) return null;
  return (
    <ul className="staff-table__tonight" aria-label={`Tonight at table ${table.table_number}`}>
      {table.tonight.map((reservation) => (
        <li key={reservation.id} className={reservation.late ? 'staff-table__late' : undefined}>
          {reservation.slot_label}: {reservation.customer_name}, {reservation.number_of_guests} People ·{' '}
          {reservation.seated ? 'Seated' : reservation.status === 'confirmed' ? 'Confirmed' : 'Waiting for confirmation'}
          {reservation.late && <strong> · Not here 15 min into their slot</strong>}
          {reservation.seatable && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => onSeat(reservation)}>
              Seat {reservation.customer_name}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /staff/tables: tonight on the floor; seat reservations and walk-ins (code + QR), extend or close their session. */
export function StaffTablesPage() {
  return <StaffPage title="Tables">{() => <TablesBoard />}</StaffPage>;
}

function TablesBoard() {
  // A screen the site's server drew with the tables starts from them (package.json's signedInRouteData names the same read).
  const { state, refresh } = usePolledApiData('staff-tables', listStaffTables, TABLES_REFRESH_MS, drawnList<StaffTable>(STAFF_TABLES_PATH));
  const [shownCode, setShownCode] = useState<number | null>(null);
  // Drawn on the site's server, every button waits, disabled, for the script (locked, and ready for Show code).
  const { message: notice, locked: busy, run } = useStaffAction({ refresh, failed: 'That did not work. Please try again.' });
  const ready = useInBrowser();
  // The table whose walk-in would run into a booking, while the host decides.
  const [walkInWarning, setWalkInWarning] = useState<number | null>(null);
  const [closing, setClosing] = useState<StaffTable | null>(null);
  // Time left is counted down here between refreshes.
  const [loadedAt, setLoadedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setLoadedAt(Date.now()), [state]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  async function act(action: () => Promise<{ message: string }>, after?: () => void) {
    if (await run(action)) after?.();
  }

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading tables…" what="the tables" onRetry={refresh} />;
  const elapsed = Math.max(0, (now - loadedAt) / 1000);
  return (
    <>
      <StaffMessage message={notice} />
      {closing?.session && (
        <ConfirmDialog
          title={`Close ${closingWhat(closing)}?`}
          confirmLabel={`Close ${closingWhat(closing)} now`}
          onCancel={() => setClosing(null)}
          onConfirm={() => {
            const session = closing.session!;
            setClosing(null);
            void act(() => closeTableSession(session.id));
          }}
        >
          <p>This ends the party's dining session: code {closing.session.table_code} stops working and the table's timer stops. Only close it once the party has left.</p>
        </ConfirmDialog>
      )}
      <ul className="staff-tables">
        {state.data.map((table) => (
          <li key={table.id} className={`staff-table staff-table--${table.state}`}>
            <h2>Table {table.table_number}</h2>
            <p>
              Seats {table.capacity} · <strong>{STATE_WORDS[table.state]}</strong>
            </p>
            {table.tonight ? (
              <TonightList
                table={table}
                busy={busy}
                onSeat={(reservation) =>
                  void act(
                    () => seatReservation(reservation.id),
                    () => setShownCode(table.id),
                  )
                }
              />
            ) : (
              table.reservation &&
              table.state !== 'seated' && (
                <p>
                  {slotLabel(table.slot ?? '')}: {table.reservation.customer_name}, {table.reservation.number_of_guests} People
                </p>
              )
            )}
            {table.session ? (
              <>
                <p>
                  Code <span className="staff-table__code">{table.session.table_code}</span>
                </p>
                {joined(table) && <p>Joined: {heldTablesLabel(table.session)}</p>}
                <p>{timeLeft(table.session.remaining_sec - elapsed)}</p>
                {shownCode === table.id && (
                  <figure className="staff-table__qr">
                    <p className="staff-table__big-code" aria-hidden="true">
                      {table.session.table_code}
                    </p>
                    <QrCode
                      text={refillAddress(table.session.table_code)}
                      label={`QR code that opens the refill page for table ${table.table_number} with code ${table.session.table_code}`}
                      size={220}
                    />
                    <figcaption>Diners scan this to request refills.</figcaption>
                  </figure>
                )}
                <div className="staff-actions">
                  <button type="button" className="button button--secondary" disabled={!ready} onClick={() => setShownCode(shownCode === table.id ? null : table.id)}>
                    {shownCode === table.id ? 'Hide code' : 'Show code and QR'}
                  </button>
                  <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act(() => extendTableSession(table.session!.id, EXTEND_MINUTES))}>
                    +{EXTEND_MINUTES} min
                  </button>
                  <button type="button" className="button button--ghost" disabled={busy} onClick={() => setClosing(table)}>
                    Close {closingWhat(table)}
                  </button>
                </div>
              </>
            ) : (
              table.is_active &&
              (walkInWarning === table.id && table.booked_soon ? (
                <div className="staff-table__warning" role="alert">
                  <p>
                    Table {table.table_number} is booked for {table.booked_soon.slot_label} ({table.booked_soon.customer_name}, {table.booked_soon.number_of_guests} People). Seat a
                    walk-in here anyway?
                  </p>
                  <div className="staff-actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() =>
                        void act(
                          () => openTableSession(table.table_number),
                          () => setShownCode(table.id),
                        ).then(() => setWalkInWarning(null))
                      }
                    >
                      Seat the walk-in anyway
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => setWalkInWarning(null)}>
                      Keep the table free
                    </button>
                  </div>
                </div>
              ) : (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    table.booked_soon
                      ? setWalkInWarning(table.id)
                      : void act(
                          () => openTableSession(table.table_number),
                          () => setShownCode(table.id),
                        )
                  }
                >
                  Seat a party at table {table.table_number}
                </button>
              ))
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
