// `npm run build -w @samgyup/api`: the API server as one plain JavaScript file,
// dist/server.js, that Node runs without compiling TypeScript at start.
// Packages stay in node_modules (PGlite and argon2 load their own files); only
// our TypeScript, the shared library included, goes into the file. The SQL
// migrations are copied next to it, where src/db/migrate.ts looks for them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(apiDir, 'dist');
const { dependencies } = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
const packages = Object.keys(dependencies).filter((name) => name !== '@samgyup/shared');

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(apiDir, 'src', 'server.ts')],
  outfile: path.join(outDir, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  tsconfig: path.join(apiDir, 'tsconfig.json'),
  external: packages.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(apiDir, 'src', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
console.log(`api/dist/server.js built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
