import { reservationFormSchema, reservationPayloadSchema } from './reservation-schemas';
import { validate } from './validate';

const filled = {
  customer_name: ' Ana Cruz ',
  email: 'Ana@Example.com',
  phone: '0917 555 0142',
  reservation_date: '2026-12-05',
  reservation_time: '17:00',
  table_id: '3',
  number_of_guests: '4',
  occasion: '',
  notes: '',
};

describe('the reservation form', () => {
  it('gives every message of the first version for an empty form', () => {
    const result = validate(reservationFormSchema, {
      customer_name: '',
      email: '',
      phone: '',
      reservation_date: '',
      reservation_time: '',
      table_id: '',
      number_of_guests: 1,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      customer_name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      reservation_date: 'Please select a date',
      reservation_time: 'Please select a time slot',
      table_id: 'Please select a table',
    });
  });

  it("says 'Please enter a valid email' and checks guests 1–20", () => {
    const result = validate(reservationFormSchema, { ...filled, email: 'ana@example.c', number_of_guests: 21 });
    expect(result.ok || result.errors).toEqual({ email: 'Please enter a valid email', number_of_guests: 'Guests must be between 1 and 20' });
  });

  it('trims, lower-cases the email and turns empty optional fields into null', () => {
    const result = reservationFormSchema.parse(filled);
    expect(result).toMatchObject({ customer_name: 'Ana Cruz', email: 'ana@example.com', table_id: 3, number_of_guests: 4, occasion: null, notes: null });
  });
});

describe('the reservation payload', () => {
  it("takes the first version's starting values and refuses a client that confirms or pays itself", () => {
    expect(reservationPayloadSchema.parse(filled)).toMatchObject({ duration_hours: 2, payment_amount: 0, payment_status: 'pending', status: 'pending' });
    expect(reservationPayloadSchema.safeParse({ ...filled, status: 'confirmed' }).success).toBe(false);
    expect(reservationPayloadSchema.safeParse({ ...filled, payment_status: 'paid' }).success).toBe(false);
    expect(reservationPayloadSchema.safeParse({ ...filled, payment_amount: 100 }).success).toBe(false);
    expect(reservationPayloadSchema.safeParse({ ...filled, reservation_time: '19:00' }).success).toBe(false);
  });
});
