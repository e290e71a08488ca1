const { readFileSync } = require('node:fs');
const path = require('node:path');
const { fillTemplate, mainConfig, placesIn, readSiteTemplate } = require('./nginx-config.cjs');
const { remoteDescriptors, repoRoot } = require('@samgyup/dev-site');

const guide = readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
const template = readSiteTemplate();

describe('the nginx configuration of the deployment guide', () => {
  it('is shown in docs/deploy.md exactly as the file the deployment test runs', () => {
    const shown = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(shown).toBe(template);
  });

  it('names every value the guide’s envsubst command fills, and nothing else', () => {
    const command = /envsubst '([^']+)'/.exec(guide)?.[1] ?? '';
    expect(command.split(/\s+/).filter(Boolean).sort()).toEqual(
      placesIn(template)
        .map((name) => `\${${name}}`)
        .sort(),
    );
  });

  it('sends first-screens.json to the servers of exactly the remotes whose routes read API data', () => {
    const drawing = remoteDescriptors()
      .filter((remote) => remote.routeData)
      .map((remote) => remote.name)
      .sort();
    const proxied = /\(\?<release_remote>([a-z_|]+)\)/.exec(template)?.[1].split('|').sort();
    expect(proxied).toEqual(drawing);
    for (const name of drawing) expect(template).toContain(`upstream samgyup_${name} {\n    server \${SAMGYUP_${name.toUpperCase()}_SERVER};`);
  });

  it('fills every place, and refuses to leave one empty', () => {
    const values = Object.fromEntries(placesIn(template).map((name) => [name, `value-of-${name}`]));
    const filled = fillTemplate(template, values);
    expect(filled).not.toMatch(/\$\{SAMGYUP_[A-Z0-9_]+\}/);
    expect(filled).toContain('$host$request_uri'); // nginx's own variables stay
    const { SAMGYUP_TLS_CERT: _cert, ...lacking } = values;
    expect(() => fillTemplate(template, lacking)).toThrow('The nginx template needs values for: SAMGYUP_TLS_CERT');
  });

  it('runs in the foreground with everything it writes in its own folder', () => {
    const main = mainConfig({ prefix: '/tmp/site', siteFile: '/tmp/site/samgyup.conf' });
    expect(main).toContain('daemon off;');
    expect(main).toContain('include /tmp/site/samgyup.conf;');
    for (const line of main.split('\n').filter((text) => /_path |pid |_log /.test(text))) expect(line).toContain('/tmp/site/');
  });

  it('loads the dynamic modules the site file uses first, as Debian’s nginx.conf does', () => {
    const main = mainConfig({ prefix: '/tmp/site', siteFile: '/tmp/site/samgyup.conf', modules: ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'] });
    expect(main.startsWith('load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\n')).toBe(true);
  });
});
