export * from './reservation-dates';
export * from './calendar-file';
export * from './reservation-record';
export * from './manage-reservation';
export * from './joined-tables';
export * from './restaurant-time-format';
