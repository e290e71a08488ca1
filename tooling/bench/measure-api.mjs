// API throughput next to a bare Fastify route measured in the same run, so the
// ratio says what our stack costs on this machine, whatever the machine is.
import autocannon from 'autocannon';
import Fastify from 'fastify';

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(url, { connections, durationSeconds }) {
  const result = await cannon({ url, connections, duration: durationSeconds });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function startBareFastify(port) {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ success: true }));
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

export async function compareWithBare({ bareUrl, targets, connections = 50, durationSeconds = 5 }) {
  const bare = await measure(bareUrl, { connections, durationSeconds });
  const rows = [];
  for (const target of targets) {
    const row = await measure(target, { connections, durationSeconds });
    rows.push({ ...row, ratioToBare: Number((row.requestsPerSecond / bare.requestsPerSecond).toFixed(2)) });
  }
  return { connections, durationSeconds, bare, targets: rows };
}
