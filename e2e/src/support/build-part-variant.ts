import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '@samgyup/dev-site';

/** One change to a source file of the copy; `from` must be there, so a test notices when the sources move on. */
export interface SourceEdit {
  file: string;
  from: string | RegExp;
  to: string;
}

export interface PartVariant {
  /** The part's workspace folder in the copy, built: release it from here. */
  folder: string;
  remove: () => void;
}

const COPIED = ['tooling', 'shared', 'tsconfig.base.json'];

/**
 * Builds a part as a team would after some commits: a copy of the part, the
 * shared library and the build tooling with `edits` applied (and, for shared,
 * its version), resolved against this repository's installed packages, built
 * with the part's own `npm run build`. Nothing in the repository changes.
 */
export async function buildPartVariant(part: string, edits: SourceEdit[], { sharedVersion }: { sharedVersion?: string } = {}): Promise<PartVariant> {
  const tree = mkdtempSync(path.join(tmpdir(), `samgyup-variant-${part}-`));
  const skip = (source: string) => !/[\\/](node_modules|dist|\.first-screens|\.prerender)([\\/]|$)/.test(source);
  for (const entry of [...COPIED, part]) cpSync(path.join(repoRoot, entry), path.join(tree, entry), { recursive: true, filter: skip });
  // The tooling reads which parts the site has from the workspaces' package.json files.
  const rootPackage = path.join(repoRoot, 'package.json');
  cpSync(rootPackage, path.join(tree, 'package.json'));
  for (const workspace of JSON.parse(readFileSync(rootPackage, 'utf8')).workspaces as string[]) {
    if (existsSync(path.join(tree, workspace))) continue;
    mkdirSync(path.join(tree, workspace));
    cpSync(path.join(repoRoot, workspace, 'package.json'), path.join(tree, workspace, 'package.json'));
  }

  // node_modules: the installed packages as they are, but @samgyup/shared is the copy.
  mkdirSync(path.join(tree, 'node_modules', '@samgyup'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry !== '@samgyup') symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(tree, 'node_modules', entry));
  }
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules', '@samgyup'))) {
    const target = entry === 'shared' ? path.join(tree, 'shared') : path.join(repoRoot, 'node_modules', '@samgyup', entry);
    symlinkSync(target, path.join(tree, 'node_modules', '@samgyup', entry));
  }

  for (const edit of edits) {
    const file = path.join(tree, edit.file);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (edit.from === '' && !before) {
      writeFileSync(file, edit.to);
      continue;
    }
    const after = before.replace(edit.from, edit.to);
    if (after === before) throw new Error(`${edit.file} no longer contains ${String(edit.from)}: update the test's edit`);
    writeFileSync(file, after);
  }
  if (sharedVersion) {
    const file = path.join(tree, 'shared', 'package.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version: sharedVersion }, null, 2));
  }

  const folder = path.join(tree, part);
  await new Promise<void>((resolve, reject) => {
    const output: Buffer[] = [];
    const build = spawn('npm', ['run', 'build'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
    build.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    build.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    build.on('error', reject);
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Building the ${part} variant failed:\n${Buffer.concat(output).toString().slice(-3000)}`))));
  });
  return { folder, remove: () => rmSync(tree, { recursive: true, force: true }) };
}
