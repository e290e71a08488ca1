import { startFakePaymongo } from './fake-paymongo';

// `npx fake-paymongo`: the fake on a fixed port for trying the site by hand (see the README).
const env = process.env;
const port = Number(env.FAKE_PAYMONGO_PORT ?? 4900);
const secretKey = env.PAYMONGO_SECRET_KEY ?? 'sk_test_fake_paymongo_local';
const webhookSecret = env.PAYMONGO_WEBHOOK_SECRET ?? 'whsk_fake_paymongo_local';
const webhookUrl = env.FAKE_PAYMONGO_WEBHOOK_URL ?? 'http://127.0.0.1:4000/api/payments/paymongo/webhook';

startFakePaymongo({ port, secretKey, webhookSecret, webhookUrl }).then(
  (fake) => {
    console.log(
      `Fake PayMongo on ${fake.url} (secret key and webhook secret from PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET, or the README's defaults); webhooks go to ${webhookUrl}`,
    );
    const stop = () => void fake.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
