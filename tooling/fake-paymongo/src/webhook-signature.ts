import { createHmac } from 'node:crypto';

/**
 * The `Paymongo-Signature` header PayMongo sends with a webhook
 * (developers.paymongo.com/docs/securing-webhook): `t=<unix time>,te=<test>,li=<live>`,
 * each signature the hex HMAC-SHA256 of `<t>.<raw body>` keyed with the webhook's
 * secret; the mode the event is not in carries an empty signature.
 */
export function signWebhook(secret: string, rawBody: string, options: { time?: number; livemode?: boolean } = {}): string {
  const time = options.time ?? Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${time}.${rawBody}`).digest('hex');
  return options.livemode ? `t=${time},te=,li=${signature}` : `t=${time},te=${signature},li=`;
}
