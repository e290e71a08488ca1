import { formatPesos, Link, slotLabel, useApiData, useInBrowser, useNavigate, useSearchParams, useSession } from '@samgyup/shared';
import { restaurantClockTime, type ReservationRecord } from '@samgyup/shared/reservation';
import { useRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';
import { reservationMessages } from '@samgyup/shared/validation';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { clearDraft, readDraft, writeDraft, type ReservationDraft } from '../draft/reservation-draft';
import { ReservationSummary } from '../draft/reservation-summary';
import { OnlinePayment } from '../payment/online-payment';
import { BookingEnded, bookingEnding } from '../status/booking-ended';
import { getReservation, readReservationAnswer, reservationIdFrom } from '../status/get-reservation';
import { LoadProblem } from '../status/load-problem';
import { PaymentQrCode } from './payment-qr-code';
import { ReservationSaveError, saveReservation, type SaveRemedy } from './save-reservation';
import { proofFileProblem, uploadErrorMessage, uploadProof } from './upload-proof';
import '../styles/reservation.css';

/** Where the booking stands, as the API last answered (absent from an older API). */
type BookingState = Pick<ReservationRecord, 'status' | 'payment_status' | 'decided_by' | 'decline_reason'>;
type SaveState =
  { status: 'saving' } | { status: 'saved'; id: number; holdExpiresAt: string | null; booking?: BookingState } | { status: 'failed'; message: string; remedy: SaveRemedy };
type SummaryFields = Parameters<typeof ReservationSummary>[0]['reservation'];

/**
 * /reservation-upload: the reservation is saved on arrival; then the diner pays by QR and uploads the proof.
 * /reservation-upload?id=…: the same for a booking already saved (from My reservations or its page, or this
 * page once it has saved the booking: the address then names it, for a reload).
 */
export function ReservationUploadPage() {
  const [draft] = useState(readDraft);
  const [params] = useSearchParams();
  const id = reservationIdFrom(params);
  // Opened to save the draft: the page goes on showing it, whatever the address says once the booking is saved.
  const [forDraft] = useState(() => id === null && draft !== null);
  // Drawn ahead of time (federation.firstScreens), the plain address knows no booking: its draft is in the tab's storage.
  const inBrowser = useInBrowser();
  if (!inBrowser && id === null) return <UploadLoading />;
  if (forDraft && draft) return <UploadForDraft draft={draft} />;
  if (id !== null) return <UploadForSaved id={id} />;
  if (!draft) {
    return (
      <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-upload-title">
        <h1 id="reservation-upload-title">Payment</h1>
        <p>There is no reservation to pay for yet. Please choose a date, a time and a table first.</p>
        <Link className="button" to="/reservation-date">
          Choose a date
        </Link>
      </section>
    );
  }
  return <UploadForDraft draft={draft} />;
}

function UploadForSaved({ id }: { id: number }) {
  const session = useSession();
  if (session) return <LoadedUploadForSaved id={id} />;
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-upload-title">
      <h1 id="reservation-upload-title">Payment</h1>
      <p>Please log in to pay for your reservation.</p>
      <Link className="button" to="/login-reservation">
        Log in
      </Link>
    </section>
  );
}

/** Once its proof is in, the booking's draft (kept since the form) has done its work. */
function clearDraftOf(id: number) {
  if (readDraft()?.saved_id === id) clearDraft();
}

function LoadedUploadForSaved({ id }: { id: number }) {
  const load = useCallback((signal: AbortSignal) => getReservation(id, signal), [id]);
  // Drawn by the site's server for a logged-in diner (package.json's signedInQueryRouteData), the page starts from that answer.
  const { state, retry } = useApiData(`reservation-${id}`, load, { path: `/api/reservations/${id}`, read: readReservationAnswer });
  if (state.status === 'loading') return <UploadLoading />;
  if (state.status === 'error') {
    return (
      <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-upload-title">
        <h1 id="reservation-upload-title">Payment</h1>
        <LoadProblem error={state.error} what="your reservation" finalStatuses={[404]} onRetry={retry} />
      </section>
    );
  }
  const reservation = state.data;
  return (
    <UploadView
      summary={{ ...reservation, time_label: slotLabel(reservation.reservation_time) }}
      due={reservation.down_payment_due}
      save={{ status: 'saved', id: reservation.id, holdExpiresAt: reservation.hold_expires_at, booking: reservation }}
      onRetry={retry}
      onUploaded={() => clearDraftOf(id)}
    />
  );
}

function UploadLoading() {
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="reservation-upload-title">
      <h1 id="reservation-upload-title">Payment</h1>
      <p className="reservation-status-line" role="status">
        Loading your reservation…
      </p>
    </section>
  );
}

function UploadForDraft({ draft: start }: { draft: ReservationDraft }) {
  const [draft, setDraft] = useState(start);
  // The draft a save sends: its answer updates the draft, and only a retry (attempt) saves again.
  const toSave = useRef(draft);
  toSave.current = draft;
  const [save, setSave] = useState<SaveState>({ status: 'saving' });
  const [attempt, setAttempt] = useState(0);
  const running = useRef(false);
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  useEffect(() => {
    if (running.current) return;
    running.current = true;
    setSave({ status: 'saving' });
    const draft = toSave.current;
    saveReservation(draft)
      .then(({ id, holdExpiresAt, tableNumbers, downPaymentDue, booking }) => {
        // The tables the booking holds (the restaurant's pick, when the diner let it choose) and what it asks to pay.
        const saved: ReservationDraft = {
          ...draft,
          saved_id: id,
          ...(tableNumbers ? { table_numbers: tableNumbers, table_number: tableNumbers[0] } : {}),
          ...(downPaymentDue !== undefined ? { down_payment_due: downPaymentDue } : {}),
        };
        writeDraft(saved);
        setDraft(saved);
        setSave({ status: 'saved', id, holdExpiresAt, booking });
        if (shown.current) nameSavedBookingInAddress(id);
      })
      .catch((error: unknown) => {
        const known = error instanceof ReservationSaveError;
        if (!known) console.error('Saving the reservation failed', error);
        setSave({
          status: 'failed',
          message: known ? error.message : reservationMessages.saveFailed,
          remedy: known ? error.remedy : 'try-again',
        });
      })
      .finally(() => {
        running.current = false;
      });
  }, [attempt]);

  return (
    <UploadView
      summary={{ ...draft, id: save.status === 'saved' ? save.id : undefined }}
      due={draft.down_payment_due ?? null}
      save={save}
      onRetry={() => setAttempt((value) => value + 1)}
      onUploaded={clearDraft}
    />
  );
}

/**
 * The address becomes the saved booking's (?id=…) without a move: nothing on the page changes or scrolls, and a
 * reload (a phone's browser reloads a tab the e-wallet app pushed out of memory) opens the booking itself, which
 * the site's server can draw. The router's own state for the entry is kept, so Back and Forward work as before.
 */
function nameSavedBookingInAddress(id: number) {
  const url = new URL(window.location.href);
  if (!url.pathname.startsWith('/reservation-upload') || url.searchParams.has('id')) return;
  url.searchParams.set('id', String(id));
  window.history.replaceState(window.history.state, '', url);
}

/** The booking, how to pay and the proof form; or, for a booking that no longer waits for a payment, what happened and what next. */
function UploadView({ summary, due, save, onRetry, onUploaded }: { summary: SummaryFields; due: number | null; save: SaveState; onRetry: () => void; onUploaded: () => void }) {
  const navigate = useNavigate();
  // Drawn on the site's server, the proof form waits, disabled, for the script.
  const ready = useInBrowser();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // The save has its answer: asking the diner to wait for it would contradict it.
  useEffect(() => {
    if (save.status !== 'saving') setProblem((current) => (current === reservationMessages.notSavedYet ? null : current));
  }, [save.status]);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onPick = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setProblem(picked ? proofFileProblem(picked) : null);
    setPreview(picked && picked.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(picked) : null);
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    if (save.status !== 'saved') {
      setProblem(reservationMessages.notSavedYet);
      return;
    }
    const fileProblem = proofFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem);
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      await uploadProof(save.id, file!);
      onUploaded();
      void navigate(`/reservation-pending?id=${save.id}`);
    } catch (error) {
      setProblem(uploadErrorMessage(error));
      setUploading(false);
    }
  }

  const booking = save.status === 'saved' ? save.booking : undefined;
  const ending = booking ? bookingEnding(booking) : null;
  const closed = ending !== null || booking?.status === 'no_show' || booking?.status === 'confirmed' || booking?.payment_status === 'paid';
  return (
    <section className="reservation-page" aria-labelledby="reservation-upload-title">
      <h1 id="reservation-upload-title">Payment</h1>
      <div className="reservation-upload">
        <div>
          <h2>Your reservation</h2>
          {/* The summary first and the save's news under it: the news grows from one line to
              several when the save answers, and moved the whole summary down (a layout shift of 0.16). */}
          <ReservationSummary reservation={summary} idPending={save.status === 'saving' ? 'Saving…' : save.status === 'failed' ? 'Not saved' : undefined} />
          {!closed && (
            <div className={save.status === 'saving' ? 'reservation-save-news reservation-save-news--saving' : 'reservation-save-news'}>
              <SaveStatus save={save} onRetry={onRetry} />
            </div>
          )}
        </div>
        {save.status === 'saved' && closed ? (
          <div>
            {ending ? (
              <BookingEnded ending={ending} />
            ) : (
              <div className="reservation-note" role="status">
                <p>This reservation is no longer waiting for a payment.</p>
                <Link className="button" to={`/reservation-pending?id=${save.id}`}>
                  See your reservation
                </Link>
              </div>
            )}
          </div>
        ) : (
          <div>
            {save.status !== 'failed' && <OnlinePayment reservationId={save.status === 'saved' ? save.id : null} />}
            <PaymentInstructions due={due} />
            <form onSubmit={onSubmit} noValidate className="proof-form">
              <label htmlFor={inputId}>Proof of payment (JPEG, PNG, WebP or PDF, up to 5 MB)</label>
              <input
                id={inputId}
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                disabled={!ready}
                onChange={onPick}
                aria-invalid={Boolean(problem)}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
              />
              {preview && <img className="proof-form__preview" src={preview} alt="Preview of your proof of payment" />}
              {file && !preview && <p className="proof-form__file">{file.name}</p>}
              {problem && (
                <p id={`${inputId}-problem`} className="reservation-field-error" role="alert">
                  {problem}
                </p>
              )}
              <button type="submit" className="button reservation-next" disabled={uploading || !ready} aria-busy={uploading}>
                {uploading ? 'Uploading…' : 'Submit proof of payment'}
              </button>
            </form>
          </div>
        )}
      </div>
    </section>
  );
}

/** How often the time left is redrawn. */
const HOLD_TICK_MS = 15_000;

/** The time left on the table's hold, counting down; once it ends, what that means. */
function HoldTimeLeft({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), HOLD_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const end = new Date(until);
  const minutesLeft = Math.ceil((end.getTime() - now) / 60_000);
  const clock = restaurantClockTime(end);
  if (minutesLeft <= 0) {
    return (
      <p className="reservation-field-error" role="alert">
        The hold on this table ended at {clock}: without a proof of payment the table is released to other diners. Please choose the table again.
      </p>
    );
  }
  return (
    <p className="reservation-status-line" data-testid="hold-time-left">
      Upload your proof of payment by {clock} (Philippine time): {minutesLeft} {minutesLeft === 1 ? 'minute' : 'minutes'} left. After that the table is released.
    </p>
  );
}

/**
 * How much to pay and where, as the owner set it: the amount the API recorded
 * on the saved reservation (per reservation, guest or group), else the settings' amount.
 */
function PaymentInstructions({ due }: { due: number | null }) {
  const { state, retry } = useRestaurantSettings();
  if (state.status === 'loading') {
    return (
      <p className="reservation-status-line" role="status">
        Loading the payment details…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="reservation-problem" role="alert">
        <p>We could not load the payment details. Please check your connection.</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  const amount = formatPesos(due ?? state.data.down_payment_pesos);
  return (
    <>
      <h2>Pay the {amount} down payment</h2>
      <p>Scan the QR code with your e-wallet app and pay {amount}. Then upload a screenshot or the receipt of your payment.</p>
      <PaymentQrCode details={state.data} />
    </>
  );
}

function SaveStatus({ save, onRetry }: { save: SaveState; onRetry: () => void }) {
  const session = useSession();
  if (save.status === 'saving') {
    return (
      <p className="reservation-status-line" role="status">
        Saving your reservation…
      </p>
    );
  }
  if (save.status === 'saved') {
    return (
      <>
        <p className="reservation-status-line reservation-status-line--ok" role="status">
          Reservation #{save.id} saved. It is held for you while our staff check your payment.
        </p>
        {save.holdExpiresAt && <HoldTimeLeft until={save.holdExpiresAt} />}
      </>
    );
  }
  return (
    <div className="reservation-problem" role="alert">
      <p>{save.message}</p>
      {save.remedy === 'another-table' ? (
        <Link className="button button--secondary" to="/reservation-form">
          Choose another table
        </Link>
      ) : save.remedy === 'change-reservation' ? (
        <Link className="button button--secondary" to="/reservation-form">
          Change your reservation
        </Link>
      ) : save.remedy === 'log-in' || !session ? (
        <Link className="button button--secondary" to="/login-reservation">
          Log in
        </Link>
      ) : (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
