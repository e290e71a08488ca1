// docs/configuration.md against what the processes really read: the API's setting
// schema (api/src/config.ts), the site servers' (site-server/src/site-settings.cjs)
// and, for the commands and tests, their sources. A setting added without a line
// in the guide, or a line left for a setting that is gone, fails here.
const { execFileSync } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { remotePortVariable, siteSettingsSchema } = require('@samgyup/site-server');
const { remoteDescriptors, repoRoot } = require('@samgyup/dev-site');

const guide = readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8');

/**
 * The rows of the tables under `## heading`: each row's cells, the variables named in its first.
 * @param {string} heading
 */
function documentedRows(heading) {
  const section = guide.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/configuration.md has no "## ${heading}" section.`);
  return section
    .split('\n')
    .filter((line) => /^\| `[A-Z]/.test(line))
    .map((line) => {
      const cells = line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { variables: [...cells[0].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]), cells };
    });
}

/**
 * The API's settings, read from its TypeScript schema with the API's own tsx.
 * @returns {{ settings: string[], secrets: string[] }}
 */
function apiSettings() {
  const script = "const c = require('./src/config.ts'); console.log(JSON.stringify({ settings: Object.keys(c.envSchema.shape), secrets: Object.keys(c.replicaSecrets) }))";
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.join(repoRoot, 'api'), encoding: 'utf8' }));
}

/** @param {string[]} documented @param {string[]} read */
const difference = (documented, read) => ({
  missingFromTheGuide: read.filter((name) => !documented.includes(name)).sort(),
  noLongerRead: documented.filter((name) => !read.includes(name)).sort(),
});

describe('docs/configuration.md', () => {
  /** @type {ReturnType<typeof apiSettings>} */
  let api;
  beforeAll(() => (api = apiSettings()));

  it('lists every setting of the API, and only those', () => {
    const { settings } = api;
    const documented = documentedRows('The API').flatMap((row) => row.variables);
    expect(settings.length).toBeGreaterThan(20);
    expect(difference(documented, settings)).toEqual({ missingFromTheGuide: [], noLongerRead: [] });
  });

  it('marks the database and every secret the API requires with DATABASE_URL as "must match" between replicas', () => {
    const { secrets } = api;
    const mustMatch = documentedRows('The API')
      .filter((row) => row.cells[2] === '**must match**')
      .flatMap((row) => row.variables);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    expect(['DATABASE_URL', ...secrets].filter((name) => !mustMatch.includes(name))).toEqual([]);
  });

  it("lists every setting of the site servers, each remote's port with its default, and only those", () => {
    const rows = documentedRows('The site servers and the release commands');
    const remotes = remoteDescriptors();
    const read = [...Object.keys(siteSettingsSchema.shape), ...remotes.map((remote) => remotePortVariable(remote.name))];
    expect(
      difference(
        rows.flatMap((row) => row.variables),
        read,
      ),
    ).toEqual({ missingFromTheGuide: [], noLongerRead: [] });
    for (const remote of remotes) {
      expect({ [remotePortVariable(remote.name)]: rows.find((row) => row.variables.includes(remotePortVariable(remote.name)))?.cells[1] }).toEqual({
        [remotePortVariable(remote.name)]: String(remote.port),
      });
    }
  });

  it('lists for the commands, tests and bench only variables some source still reads', () => {
    const ignored = new Set(['node_modules', 'dist', '.git', '.data', '.releases', 'docs', '.first-screens', '.bench-reports']);
    /** @type {string[]} */
    const sources = [];
    /** @param {string} dir */
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (ignored.has(entry.name)) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(c|m)?[jt]sx?$/.test(entry.name) && full !== __filename) sources.push(readFileSync(full, 'utf8'));
      }
    };
    walk(repoRoot);
    const documented = documentedRows('Commands, tests and the bench').flatMap((row) => row.variables);
    expect(documented.length).toBeGreaterThan(10);
    expect(documented.filter((name) => !sources.some((source) => source.includes(name)))).toEqual([]);
  });
});
