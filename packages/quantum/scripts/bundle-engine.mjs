// The engine bundle the Python wheel ships (qcirc/_engine/): `qcirc engine` and its worker
// threads as self-contained ES modules that need nothing but Node.js 20+, built with esbuild
// straight from the TypeScript sources (no `tsc -b` first, so it works on a fresh clone).
//
// Every `*-worker.ts` of src/ becomes a file of its own beside engine.js, because the code
// starts workers with `spawnWorker('./x-worker', import.meta.url)`, which resolves beside the
// bundle. The version is inlined (the sources read it from package.json at run time).
//
//   node packages/quantum/scripts/bundle-engine.mjs OUTDIR
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(PACKAGE, 'src');

function workers(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return workers(path);
    return entry.name.endsWith('-worker.ts') ? [path] : [];
  });
}

const inlineVersion = {
  name: 'inline-version',
  setup(b) {
    const { version } = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
    b.onLoad({ filter: /[\\/]src[\\/]version\.ts$/ }, () => ({
      contents: `export const VERSION = ${JSON.stringify(version)};`,
      loader: 'ts',
    }));
  },
};

export async function bundleEngine(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const entryPoints = [
    { in: join(SRC, 'api', 'stdio', 'main.ts'), out: 'engine' },
    ...workers(SRC).map((path) => ({ in: path, out: basename(path, '.ts') })),
  ];
  await build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The workspace packages' TypeScript sources, as the tests use them.
    conditions: ['@lab/source'],
    logLevel: 'warning',
    legalComments: 'none',
    // CommonJS dependencies require() Node built-ins: ESM needs a real require for them.
    banner: {
      js: "import { createRequire as __engineRequire } from 'node:module';\nconst require = __engineRequire(import.meta.url);",
    },
    plugins: [inlineVersion],
  });
  // The files are ES modules; without this they would be read as CommonJS outside the repository.
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  return outDir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outDir = process.argv[2];
  if (outDir === undefined) throw new Error('usage: bundle-engine.mjs OUTDIR');
  await bundleEngine(outDir);
  console.log(`bundled the engine into ${outDir}`);
}
