// `npm run build -w @samgyup/api`: the API server as one plain JavaScript file,
// dist/server.js (and the photo work's process, dist/photo-work-process.js), that Node runs without compiling TypeScript at start.
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
  // The photo work runs in a process of its own (services/photos/photo-work.ts), from its own file beside the server's.
  entryPoints: {
    server: path.join(apiDir, 'src', 'server.ts'),
    'photo-work-process': path.join(apiDir, 'src', 'services', 'photos', 'photo-work-process.ts'),
  },
  outdir: outDir,
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
