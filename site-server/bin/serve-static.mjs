#!/usr/bin/env node
// `npm start -w <remote>`: serve one built remote folder on a port, as a static host would.
import path from 'node:path';
import { closeServer, createStaticServer, listen } from '../src/index.cjs';

const [folder = 'dist', portText = '3001'] = process.argv.slice(2);
const root = path.resolve(process.cwd(), folder);
const port = Number(process.env.PORT) || Number(portText);
const server = createStaticServer({ root, cors: true });
await listen(server, port);
console.log(`Serving ${root} on http://127.0.0.1:${port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => closeServer(server).then(() => process.exit(0)));
