import { reservationCalendarFile } from './calendar-file';

const reservation = { id: 42, reservation_date: '2026-12-05', reservation_time: '18:30', table_id: 3, table_number: 3, number_of_guests: 4 };

describe('reservationCalendarFile', () => {
  it('publishes the first version with SEQUENCE 0', () => {
    const file = reservationCalendarFile(reservation, new Date('2026-11-25T00:00:00Z'));
    expect(file).toContain('METHOD:PUBLISH\r\nBEGIN:VEVENT\r\nUID:reservation-42@samgyupplaridel.ph\r\nSEQUENCE:0\r\n');
    expect(file).toContain('DTSTART:20261205T103000Z');
    expect(file).not.toContain('STATUS:CANCELLED');
  });

  it('cancels under the same UID with a higher SEQUENCE', () => {
    const file = reservationCalendarFile(reservation, new Date('2026-11-25T00:00:00Z'), { sequence: 2, cancelled: true });
    expect(file).toContain('METHOD:CANCEL\r\nBEGIN:VEVENT\r\nUID:reservation-42@samgyupplaridel.ph\r\nSEQUENCE:2\r\nSTATUS:CANCELLED\r\n');
  });
});
