const { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { FILE_NAME, currentProvenance, staleBuildReason } = require('./build-provenance.cjs');

/** A part and the shared library it resolves, as files on disk, built once (its provenance written into dist). */
function builtPart() {
  const tree = mkdtempSync(path.join(tmpdir(), 'samgyup-provenance-'));
  const write = (/** @type {string} */ file, /** @type {string} */ text) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };
  write('shared/package.json', JSON.stringify({ name: '@samgyup/shared', version: '1.1.0', main: 'src/index.ts', exports: { '.': './src/index.ts' } }));
  write('shared/src/index.ts', 'export const money = 1;\n');
  write('part/package.json', JSON.stringify({ name: '@samgyup/mfe-reviews', version: '0.1.1' }));
  write('part/src/page.tsx', 'export const Page = () => null;\n');
  write('part/src/page.test.tsx', 'test("x", () => {});\n');
  write('part/README.md', '# Reviews\n');
  mkdirSync(path.join(tree, 'part', 'node_modules', '@samgyup'), { recursive: true });
  symlinkSync(path.join(tree, 'shared'), path.join(tree, 'part', 'node_modules', '@samgyup', 'shared'));
  write(`part/dist/${FILE_NAME}`, JSON.stringify(currentProvenance(path.join(tree, 'part'))));
  return { folder: path.join(tree, 'part'), write, remove: () => rmSync(tree, { recursive: true, force: true }) };
}

describe('what a build was made from, and a release that checks it', () => {
  /** @type {ReturnType<typeof builtPart>} */
  let part;
  beforeEach(() => (part = builtPart()));
  afterEach(() => part.remove());

  it('records the version, every source file and the shared library, and the build is its sources', () => {
    const recorded = currentProvenance(part.folder);
    expect(recorded).toMatchObject({ part: '@samgyup/mfe-reviews', packageVersion: '0.1.1', shared: { version: '1.1.0' } });
    expect(Object.keys(recorded.sources.files)).toEqual(['package.json', 'src/page.tsx']);
    expect(Object.keys(recorded.shared.files)).toEqual(['package.json', 'src/index.ts']);
    expect(staleBuildReason(part.folder)).toBeNull();
  });

  it('refuses a build older than an edited page or a bumped version, naming the files and the command', () => {
    part.write('part/src/page.tsx', 'export const Page = () => "new";\n');
    part.write('part/package.json', JSON.stringify({ name: '@samgyup/mfe-reviews', version: '0.1.2' }));
    expect(staleBuildReason(part.folder)).toBe(
      'The build of @samgyup/mfe-reviews is older than its sources (changed since it was built: package.json, src/page.tsx): run "npm run build -w @samgyup/mfe-reviews", then release again.',
    );
  });

  it('refuses a build made against another state of the shared library, and one that records nothing', () => {
    part.write('shared/src/index.ts', 'export const money = 2;\n');
    expect(staleBuildReason(part.folder)).toMatch(/was made against another state of @samgyup\/shared \(changed since: src\/index\.ts\)/);
    rmSync(path.join(part.folder, 'dist', FILE_NAME));
    expect(staleBuildReason(part.folder)).toMatch(/does not say what it was built from/);
  });

  it('ignores what a build does not read: tests, prose and new files under dist', () => {
    part.write('part/src/page.test.tsx', 'test("y", () => {});\n');
    part.write('part/README.md', '# Reviews, the team\n');
    part.write('part/dist/extra.js', '1');
    expect(staleBuildReason(part.folder)).toBeNull();
  });
});
