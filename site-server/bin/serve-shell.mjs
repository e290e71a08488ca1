#!/usr/bin/env node
// The shell's server alone, following the release registry (docs/releases.md).
import { closeServer, loadSiteSettings, startShellServer } from '../src/index.cjs';

const settings = loadSiteSettings();
const server = await startShellServer(settings);
console.log(`Shell on ${settings.shellOrigin}, releases in ${settings.releasesDir}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => closeServer(server).then(() => process.exit(0)));
