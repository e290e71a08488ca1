export * from './account-schemas';
export { firstMessage, validate, type FieldErrors } from './validate';
