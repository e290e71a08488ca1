// Holds no state and runs anywhere (the API uses it too); the pages' hook is
// '@samgyup/shared/settings/use-restaurant-settings'.
export * from './restaurant-settings';
