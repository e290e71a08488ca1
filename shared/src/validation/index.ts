export * from './account-schemas';
export { firstMessage, validate, type FieldErrors } from './validate';
export * from './feedback-schemas';
export * from './refill-schemas';
export * from './reservation-schemas';
export * from './staff-schemas';
export * from './menu-schemas';
export * from './settings-schemas';
export type { AuditEntry } from './audit-entry';
