#!/usr/bin/env node
// `npm start -w @samgyup/shell`: serve the built shell alone; remotes and the API
// are wherever the environment says (see README, "Ports and addresses").
import siteServers from './site-servers.cjs';

const { siteSettings, startShellServer } = siteServers;

const settings = siteSettings();
const server = await startShellServer(settings);
console.log(`Shell on ${settings.shellOrigin}`);
process.on('SIGINT', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
