import {
  GUESTS_DEFAULT,
  GUESTS_MAX,
  GUESTS_MIN,
  MONTH_NAMES,
  parseIsoDate,
  restaurantToday,
  slotStartTime,
  TIME_SLOTS,
  toIsoDate,
  useNavigate,
  useSearchParams,
  slotLabel,
  useSession,
  ClientOnly,
} from '@samgyup/shared';
import { FormBanner, FormField } from '@samgyup/shared/account-forms';
import { reservationMessages, type FieldErrors, type ReservationFormInput } from '@samgyup/shared/validation';
import { useCallback, useState, type FormEvent } from 'react';
import { MonthCalendar } from '../calendar/month-calendar';
import { TimeSlotPicker } from '../calendar/time-slot-picker';
import { newIdempotencyKey, readDraft, writeDraft, type ReservationDraft } from '../draft/reservation-draft';
import { loadFormCheck, type FormCheckResult } from './load-form-check';
import { choiceFields, type TableChoice } from './table-choice';
import { TablePicker } from './table-picker';
import '../styles/reservation.css';

/** The date, slot and party size carried from /reservation-date (?date=5&month=December&year=2026&time=…&guests=12). */
function chosenFromParams(params: URLSearchParams): { date: string | null; time: string | null; guests: number | null } {
  const day = Number(params.get('date'));
  const month = MONTH_NAMES.indexOf((params.get('month') ?? '') as (typeof MONTH_NAMES)[number]) + 1;
  const year = Number(params.get('year'));
  const date = month > 0 && parseIsoDate(toIsoDate(year, month, day)) ? toIsoDate(year, month, day) : null;
  const time = TIME_SLOTS.find((slot) => slot.label === params.get('time'))?.label ?? null;
  const guests = Number(params.get('guests'));
  return { date, time, guests: Number.isInteger(guests) && guests >= GUESTS_MIN && guests <= GUESTS_MAX ? guests : null };
}

/** The choice a saved draft made, so a diner coming back finds it picked. */
function choiceFromDraft(draft: ReservationDraft): TableChoice | null {
  if (draft.best_table) return { kind: 'best' };
  if (draft.table_id === null) return null;
  const tableNumbers = draft.table_numbers?.length ? draft.table_numbers : draft.table_number === null ? [] : [draft.table_number];
  return draft.combination_id
    ? { kind: 'joined', table_id: draft.table_id, combination_id: draft.combination_id, table_numbers: tableNumbers }
    : { kind: 'table', table_id: draft.table_id, table_numbers: tableNumbers };
}

/**
 * /reservation-form: who, when, which table, how many. Its heading and lead are its first
 * screen, sent in the HTML; the form, which starts from this browser's draft, account and
 * today's date, waits for the page's script behind a loading status.
 */
export function ReservationFormPage() {
  return (
    <section className="reservation-page" aria-labelledby="reservation-form-title">
      <h1 id="reservation-form-title">Reservation details</h1>
      <p className="reservation-form__lead">Tell us who is coming, then choose the day, the time and your table. You pay the down payment on the next step.</p>
      <ClientOnly
        fallback={
          <p className="reservation-form__status" role="status">
            Loading the reservation form...
          </p>
        }
      >
        {() => <ReservationForm />}
      </ClientOnly>
    </section>
  );
}

function ReservationForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const [initial] = useState(() => {
    const fromParams = chosenFromParams(params);
    const draft = readDraft();
    const resume = draft && !fromParams.date ? draft : null;
    return {
      date: fromParams.date ?? resume?.reservation_date ?? null,
      time: fromParams.time ?? resume?.time_label ?? TIME_SLOTS[0].label,
      table: resume ? choiceFromDraft(resume) : null,
      values: {
        customer_name: draft?.customer_name ?? session?.displayName ?? '',
        email: draft?.email ?? session?.user.email ?? '',
        phone: draft?.phone ?? session?.user.phone ?? '',
        number_of_guests: String(fromParams.guests ?? draft?.number_of_guests ?? GUESTS_DEFAULT),
        occasion: draft?.occasion ?? '',
        notes: draft?.notes ?? '',
      },
    };
  });
  const shownFrom = parseIsoDate(initial.date) ?? parseIsoDate(restaurantToday())!;
  const [shown, setShown] = useState({ year: shownFrom.year, month: shownFrom.month });
  const [date, setDate] = useState<string | null>(initial.date);
  const [time, setTime] = useState<string | null>(initial.time);
  const [table, setTable] = useState<TableChoice | null>(initial.table);
  const [values, setValues] = useState(initial.values);
  const [errors, setErrors] = useState<FieldErrors<ReservationFormInput>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const update = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const chooseTable = useCallback((next: TableChoice | null) => setTable(next), []);
  const chooseSlot = useCallback((nextDate: string, nextTime: string) => {
    const { year, month } = parseIsoDate(nextDate)!;
    setShown({ year, month });
    setDate(nextDate);
    setTime(slotLabel(nextTime));
    setTable(null);
  }, []);
  // The party the calendar, the slots and the picker ask about: what is typed, kept within 1–20 while it is typed.
  const guests = Math.min(GUESTS_MAX, Math.max(GUESTS_MIN, Math.trunc(Number(values.number_of_guests)) || GUESTS_MIN));

  // Asked for ahead of sending; a check that does not load is said when sending needs it, not as an unhandled rejection now.
  function preloadCheck() {
    loadFormCheck().catch(() => undefined);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const sent = { ...values, reservation_date: date ?? '', reservation_time: time ? slotStartTime(time) : '', ...choiceFields(table) };
    loadFormCheck().then(
      (check) => saveChecked(check(sent)),
      () => setBanner(reservationMessages.formCheckNotLoaded),
    );
  }

  function saveChecked(result: FormCheckResult) {
    if (!result.ok) {
      setErrors(result.errors);
      setBanner('Please check the highlighted fields.');
      return;
    }
    setErrors({});
    setBanner(null);
    const previous = readDraft();
    const draft: ReservationDraft = {
      ...result.data,
      table_id: result.data.table_id ?? null,
      combination_id: result.data.combination_id ?? null,
      time_label: time!,
      table_number: table && table.kind !== 'best' ? table.table_numbers[0] : null,
      table_numbers: table && table.kind !== 'best' ? table.table_numbers : [],
      // A changed reservation is a new one; the same one keeps its key so a retry finds it.
      idempotency_key:
        previous &&
        previous.reservation_date === result.data.reservation_date &&
        previous.reservation_time === result.data.reservation_time &&
        previous.table_id === result.data.table_id &&
        (previous.combination_id ?? null) === result.data.combination_id &&
        (previous.best_table ?? false) === result.data.best_table &&
        previous.number_of_guests === result.data.number_of_guests
          ? previous.idempotency_key
          : newIdempotencyKey(),
    };
    writeDraft(draft);
    if (!session) {
      void navigate('/login-reservation', { state: { notice: 'Please log in to save your reservation. We kept your details.' } });
      return;
    }
    void navigate('/reservation-upload');
  }

  return (
    <form className="reservation-form" onSubmit={onSubmit} onFocus={preloadCheck} noValidate>
      <FormBanner message={banner} />
      <div className="reservation-form__columns">
        <div className="reservation-form__contact">
          <FormField label="Name" name="customer_name" autoComplete="name" value={values.customer_name} onChange={update('customer_name')} error={errors.customer_name} />
          <FormField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={update('email')} error={errors.email} />
          <FormField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={update('phone')}
            error={errors.phone}
            hint="Our staff confirm your reservation by text message."
          />
          <FormField
            label="Guests"
            name="number_of_guests"
            type="number"
            inputMode="numeric"
            min={GUESTS_MIN}
            max={GUESTS_MAX}
            value={values.number_of_guests}
            onChange={update('number_of_guests')}
            error={errors.number_of_guests}
          />
          <FormField label="Special occasion (optional)" name="occasion" value={values.occasion} onChange={update('occasion')} error={errors.occasion} maxLength={80} />
          <div className={`form-field ${errors.notes ? 'form-field--invalid' : ''}`}>
            <label htmlFor="reservation-notes">Notes (optional)</label>
            <textarea id="reservation-notes" name="notes" rows={3} maxLength={500} value={values.notes} onChange={update('notes')} />
            {errors.notes && <p className="field-error">{errors.notes}</p>}
          </div>
        </div>
        <div className="reservation-form__when">
          <MonthCalendar
            year={shown.year}
            month={shown.month}
            selectedDate={date}
            onSelectDate={(next) => {
              setDate(next);
              setTable(null);
            }}
            onMonthChange={(year, month) => {
              setShown({ year, month });
              setDate(null);
              setTable(null);
            }}
            closeTo="/reservation"
            guests={guests}
          />
          {errors.reservation_date && (
            <p className="reservation-field-error" role="alert">
              {errors.reservation_date}
            </p>
          )}
          <TimeSlotPicker
            value={time}
            onChange={(next) => {
              setTime(next);
              setTable(null);
            }}
            error={errors.reservation_time}
            date={date}
            guests={guests}
          />
        </div>
      </div>
      <TablePicker date={date} time={time ? slotStartTime(time) : null} guests={guests} value={table} onChange={chooseTable} onChooseSlot={chooseSlot} error={errors.table_id} />
      <button type="submit" className="button reservation-next">
        Continue to payment
      </button>
    </form>
  );
}
