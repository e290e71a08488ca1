export * from './reservation-dates';
