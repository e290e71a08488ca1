export {
  startFakePaymongo,
  PAYMENT_METHOD_TYPES,
  type FakePaymongo,
  type FakePaymongoOptions,
  type FakeEvent,
  type FakeSettings,
  type RecordedRequest,
  type Resource,
} from './fake-paymongo';
export { signWebhook } from './webhook-signature';
