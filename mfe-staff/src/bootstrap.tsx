import { renderDevHost } from '../../tooling/dev-host/render-dev-host';
import packageJson from '../package.json';
import * as pagesModule from './pages';

renderDevHost(packageJson.federation.label, pagesModule);
