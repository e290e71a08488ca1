export * from './business-rules';
export * from './site-config';
