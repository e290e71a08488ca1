export * from './refill-items';
