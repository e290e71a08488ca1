export * from './reservation-dates';
export * from './calendar-file';
export * from './manage-reservation';
