// The yardstick of the API benchmark: one Fastify route and nothing else, in
// its own process like the API, so both get the machine on the same terms.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 4299);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true }));
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
