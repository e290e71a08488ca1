const { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { PROVENANCE_FILE, currentProvenance } = require('@samgyup/build-kit');
const { loadSiteSettings, registry: registryTools } = require('@samgyup/site-server');
const { readPartWorkspace } = require('./part-workspace.cjs');
const { ReleaseRefused, publish, rollback } = require('./release-commands.cjs');
const { promote } = require('./canary-commands.cjs');

/**
 * A remote's workspace on disk beside the shared library it resolves, and its
 * releases folder. `build()` does what the part's build does to dist/ that a
 * release reads: the files (their content follows the page) and what they were built from.
 */
function remoteWorkspace() {
  const tree = mkdtempSync(path.join(tmpdir(), 'samgyup-publish-'));
  const write = (/** @type {string} */ file, /** @type {string} */ text) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };
  write('shared/package.json', JSON.stringify({ name: '@samgyup/shared', version: '1.1.0', main: 'src/index.ts' }));
  write('shared/src/index.ts', 'export const money = 1;\n');
  write('part/package.json', JSON.stringify({ name: '@samgyup/mfe-reviews', version: '0.1.1', federation: { name: 'mfe_reviews', port: 3002 } }));
  write('part/src/feedback-page.tsx', 'export const FeedbackPage = () => "Feedback";\n');
  mkdirSync(path.join(tree, 'part', 'node_modules', '@samgyup'), { recursive: true });
  symlinkSync(path.join(tree, 'shared'), path.join(tree, 'part', 'node_modules', '@samgyup', 'shared'));
  const folder = path.join(tree, 'part');
  const build = () => {
    write('part/dist/routes.json', JSON.stringify({ routes: ['/feedback'] }));
    write('part/dist/mf-manifest.json', JSON.stringify({ page: readFileSync(path.join(folder, 'src', 'feedback-page.tsx'), 'utf8') }));
    write(`part/dist/${PROVENANCE_FILE}`, JSON.stringify(currentProvenance(folder)));
  };
  const settings = loadSiteSettings({ RELEASES_DIR: path.join(tree, 'releases'), SITE_HOST: '127.0.0.1' });
  return { folder, write, build, settings, remove: () => rmSync(tree, { recursive: true, force: true }) };
}

const quiet = () => undefined;

describe('a release is the code it names', () => {
  /** @type {ReturnType<typeof remoteWorkspace>} */
  let part;
  beforeEach(() => (part = remoteWorkspace()));
  afterEach(() => part.remove());

  it('refuses a build older than an edited page and a bumped version, leaving the live version; the fresh build then goes live under the new version', async () => {
    part.build();
    const first = await publish({ settings: part.settings, part: readPartWorkspace(part.folder), check: false, log: quiet });
    expect(first.version).toMatch(/^0\.1\.1-[0-9a-f]{10}$/);

    // A team edits a page, bumps the version and releases without building.
    part.write('part/src/feedback-page.tsx', 'export const FeedbackPage = () => "Feedback, now with photos";\n');
    part.write('part/package.json', JSON.stringify({ name: '@samgyup/mfe-reviews', version: '0.1.2', federation: { name: 'mfe_reviews', port: 3002 } }));
    const refused = publish({ settings: part.settings, part: readPartWorkspace(part.folder), check: false, log: quiet });
    await expect(refused).rejects.toThrow(ReleaseRefused);
    await expect(refused).rejects.toThrow(
      'Release refused:\n  - The build of @samgyup/mfe-reviews is older than its sources (changed since it was built: package.json, src/feedback-page.tsx): run "npm run build -w @samgyup/mfe-reviews", then release again.',
    );
    const registry = registryTools.readRegistry(part.settings.releasesDir);
    expect(registry.parts.mfe_reviews.current).toBe(first.version);
    expect(JSON.stringify(registry)).not.toContain('0.1.2');

    part.build();
    const second = await publish({ settings: part.settings, part: readPartWorkspace(part.folder), check: false, log: quiet });
    expect(second.version).toMatch(/^0\.1\.2-[0-9a-f]{10}$/);
    expect(registryTools.readRegistry(part.settings.releasesDir).parts.mfe_reviews.current).toBe(second.version);
    const { builtFrom } = JSON.parse(readFileSync(path.join(part.settings.releasesDir, 'mfe_reviews', second.version, 'release.json'), 'utf8'));
    expect(builtFrom.sourcesHash).toBe(currentProvenance(part.folder).sources.hash);
  });

  it('refuses a build made against another state of the shared library, and one that does not say what it was built from', async () => {
    part.build();
    part.write('shared/src/index.ts', 'export const money = 2;\n');
    await expect(publish({ settings: part.settings, part: readPartWorkspace(part.folder), check: false, log: quiet })).rejects.toThrow(
      /The build of @samgyup\/mfe-reviews was made against another state of @samgyup\/shared \(changed since: src\/index\.ts\): run "npm run build -w @samgyup\/mfe-reviews"/,
    );
    rmSync(path.join(part.folder, 'dist', PROVENANCE_FILE));
    await expect(publish({ settings: part.settings, part: readPartWorkspace(part.folder), check: false, log: quiet })).rejects.toThrow(/does not say what it was built from/);
    expect(registryTools.readRegistry(part.settings.releasesDir).parts).toEqual({});
  });
});

describe('canary releases', () => {
  /** @type {ReturnType<typeof remoteWorkspace>} */
  let part;
  beforeEach(() => (part = remoteWorkspace()));
  afterEach(() => part.remove());

  /** @param {string} text */
  const buildPage = (text) => {
    part.write('part/src/feedback-page.tsx', `export const FeedbackPage = () => "${text}";\n`);
    part.build();
  };
  const release = (/** @type {number | undefined} */ canary = undefined) =>
    publish({ settings: part.settings, part: readPartWorkspace(part.folder), check: false, canary, log: quiet });
  const reviews = () => registryTools.readRegistry(part.settings.releasesDir).parts.mfe_reviews;

  it('go live for their share of visitors, one at a time, and end promoted or rolled back, each step in the history', async () => {
    buildPage('Feedback');
    await expect(release(10)).rejects.toThrow('has no live release for a canary to run beside; release it first');
    const stable = await release();
    buildPage('Feedback, now with photos');
    const canary = await release(10);
    expect(reviews()).toMatchObject({ current: stable.version, canary: { version: canary.version, percent: 10 } });
    buildPage('Feedback, third try');
    await expect(release(20)).rejects.toThrow('already has a canary');
    await expect(release(0)).rejects.toThrow('more than 0 and less than 100');

    await rollback({ settings: part.settings, partName: 'mfe_reviews', log: quiet });
    expect(reviews().canary).toBeUndefined();
    expect(reviews().current).toBe(stable.version);
    await expect(promote({ settings: part.settings, partName: 'mfe_reviews', log: quiet })).rejects.toThrow('has no canary running');

    const second = await release(50);
    await promote({ settings: part.settings, partName: 'mfe_reviews', decision: { by: 'admin@example.ph' }, log: quiet });
    expect(reviews().current).toBe(second.version);
    expect(reviews().history?.map((step) => step.action)).toEqual(['release', 'canary', 'canary-rollback', 'canary', 'promote']);
    expect(reviews().history?.at(-1)).toMatchObject({ version: second.version, by: 'admin@example.ph' });
  });
});
