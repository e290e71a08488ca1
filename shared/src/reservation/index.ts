export * from './reservation-dates';
export * from './calendar-file';
