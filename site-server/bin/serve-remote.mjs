#!/usr/bin/env node
// One remote's server: `samgyup-serve-remote mfe_menus` serves every released
// version of mfe_menus on MFE_MENUS_PORT (default: the port its releases name).
import { closeServer, loadSiteSettings, registry, remotePortVariable, startRemoteServer } from '../src/index.cjs';

const name = process.argv[2];
if (!name) {
  console.error('Usage: samgyup-serve-remote <remote name, e.g. mfe_menus>');
  process.exit(2);
}
const settings = loadSiteSettings();
const release = registry.currentRelease(registry.readRegistry(settings.releasesDir), name);
const port = settings.remotePort(name, release?.port ?? 0);
if (!port) {
  console.error(`${name} has no release yet and ${remotePortVariable(name)} is not set: release it first (npm run release -w <its workspace>).`);
  process.exit(2);
}
const server = await startRemoteServer(settings, name, { port });
console.log(`${name} releases on http://${settings.host}:${port}/<version>/`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => closeServer(server).then(() => process.exit(0)));
