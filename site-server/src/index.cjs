// The site's production servers, for `npm start`, the tests, the bench and a deployment.
const { loadSiteSettings, projectRoot, remotePortVariable, siteSettingsSchema } = require('./site-settings.cjs');
const { publicRuntimeConfig, startShellServer } = require('./shell-server.cjs');
const { startRemoteServer } = require('./remote-server.cjs');
const { closeServer } = require('./close-server.cjs');
const { contentSecurityPolicy, createStaticServer, listen } = require('./static-server.cjs');
const registry = require('./release-registry.cjs');
const { writePrecompressed } = require('./precompressed-files.cjs');

module.exports = {
  closeServer,
  contentSecurityPolicy,
  createStaticServer,
  listen,
  loadSiteSettings,
  projectRoot,
  publicRuntimeConfig,
  registry,
  remotePortVariable,
  siteSettingsSchema,
  startRemoteServer,
  startShellServer,
  writePrecompressed,
};
