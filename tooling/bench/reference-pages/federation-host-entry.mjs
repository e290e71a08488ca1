// The bare Module Federation host: an async boundary, as every entry of the site has.
import('./federation-host-bootstrap.mjs');
