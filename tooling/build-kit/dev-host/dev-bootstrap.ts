// The remote being developed: webpack points these two names at its src/pages.ts
// and package.json (create-webpack-config.cjs).
import remotePackage from 'samgyup-remote-package';
import * as pagesModule from 'samgyup-remote-pages';
import { renderDevHost } from './render-dev-host';

renderDevHost(remotePackage.federation.label, pagesModule);
