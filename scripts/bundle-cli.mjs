// The CLIs' start-up bundles: after `tsc -b`, each CLI's compiled entry (`dist/cli/main.js`) and
// its static imports become one ESM file, `dist/cli.bundle.js`, because Node 20's ESM loader
// spends about 0.45 s of CPU on TypeBox's ~680 small files alone. What goes in: the workspace's
// own compiled code, `typebox` and `commander` (pure JS). Everything else stays an external
// import, and so does every dynamic `import()` (the server behind `serve`, the token commands'
// store): those load the real compiled modules from `dist/` as before.
//
// Each bundled module's `import.meta.url` is rewritten to its own compiled file's URL, so the
// paths it resolves from it (package.json, examples/, templates/, worker modules started with
// `spawnWorker('./x-worker', import.meta.url)`) are those of the unbundled build.
//
// `bin/<cli>.js` uses the bundle only when it is newer than the `dist/.tsbuildinfo` of its package
// and of server-kit (tsc -b rewrites them on every build that changes anything); otherwise it
// runs `dist/cli/main.js` as before.
//
//   node scripts/bundle-cli.mjs            all three CLIs
//   node scripts/bundle-cli.mjs quantum    one of them
import { renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
// The freshness rule the bins apply, from the compiled kit (this script runs after `tsc -b`).
import { bundleNewerThan, cliBuildRecords } from '../packages/server-kit/dist/cli/launch.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI_PACKAGES = ['hypervisor', 'verification', 'quantum'];
export const BUNDLE_NAME = 'cli.bundle.js';

/** Bare packages bundled in; every other bare import stays external. */
const BUNDLED_PACKAGES = /^(typebox|commander|@lab\/[^/]+)(\/|$)/;
/** The compiled output of the workspace's packages: the files whose `import.meta.url` is rewritten. */
const WORKSPACE_DIST = /[\\/]packages[\\/][^\\/]+[\\/]dist[\\/].*\.js$/;

/**
 * Compiled modules loaded from `dist/`, never copied into a bundle: the lazily loaded code
 * (`serve`'s server, the token commands' store) imports them from there, and the bundle must see
 * the same module, not a copy. server-kit's error catalogue is the one that matters: `runCli`
 * tells a caller's mistake (exit 2) from a failure (exit 1) with `instanceof AppError`, and a
 * bundled copy of `AppError` would not recognise the errors `serve` throws.
 */
const SHARED_MODULES = [join(ROOT, 'packages', 'server-kit', 'dist', 'errors.js')];
const SHARED = Symbol('shared-module lookup');

/** A relative module specifier from `fromDir` to `file` (`./x.js`, `../y/z.js`). */
function specifier(fromDir, file) {
  const path = relative(fromDir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

function startupPlugin(outDir) {
  return {
    name: 'cli-startup',
    setup(b) {
      // Dynamic imports stay real imports of the compiled modules, relative to the bundle.
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        return { path: specifier(outDir, join(args.resolveDir, args.path)), external: true };
      });
      // Modules whose identity the bundle shares with the lazily loaded code stay external.
      b.onResolve({ filter: /errors(\.js)?$/ }, async (args) => {
        if (args.pluginData === SHARED || args.kind === 'dynamic-import') return undefined;
        const { path, errors } = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SHARED,
        });
        if (errors.length > 0 || !SHARED_MODULES.includes(path)) return undefined;
        return { path: specifier(outDir, path), external: true };
      });
      // Bare packages other than the bundled ones stay external (native, large or lazily loaded).
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || !BUNDLED_PACKAGES.test(args.path)) {
          return { path: args.path, external: true };
        }
        return undefined;
      });
      b.onLoad({ filter: WORKSPACE_DIST }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const own = `new URL(${JSON.stringify(specifier(outDir, args.path))}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', own), loader: 'js' };
      });
    },
  };
}

function packageUrl(name) {
  return pathToFileURL(join(ROOT, 'packages', name, '/'));
}

/** Whether a CLI's bundle is newer than the build it was made from (the rule `bin/<cli>.js`
 * applies) and than this script: then it is not made again. */
export function bundleFresh(name) {
  return bundleNewerThan(packageUrl(name), [...cliBuildRecords(packageUrl(name)), new URL(import.meta.url)]);
}

function buildTimes(name) {
  return cliBuildRecords(packageUrl(name)).map(
    (record) => statSync(record, { throwIfNoEntry: false })?.mtimeMs ?? 0,
  );
}

/**
 * Builds `packages/<name>/dist/cli.bundle.js`; returns its path, or undefined when a `tsc -b`
 * finished while it was being made (it may hold older code; the bin keeps running dist/ then).
 * The bundle is written beside and renamed into place, so a CLI never reads half of one.
 */
export async function bundleCli(name) {
  const outDir = join(ROOT, 'packages', name, 'dist');
  const outfile = join(outDir, BUNDLE_NAME);
  const before = buildTimes(name);
  await build({
    entryPoints: [join(outDir, 'cli', 'main.js')],
    outfile: `${outfile}.tmp`,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
    // commander is CommonJS: its require() of Node built-ins needs a real require in ESM.
    banner: {
      js: "import { createRequire as __cliCreateRequire } from 'node:module';\nconst require = __cliCreateRequire(import.meta.url);",
    },
    plugins: [startupPlugin(outDir)],
  });
  if (buildTimes(name).some((time, i) => time !== before[i])) {
    rmSync(`${outfile}.tmp`, { force: true });
    return undefined;
  }
  renameSync(`${outfile}.tmp`, outfile);
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : CLI_PACKAGES;
  for (const name of names) {
    if (!CLI_PACKAGES.includes(name))
      throw new Error(`no CLI package "${name}" (${CLI_PACKAGES.join(', ')})`);
    if (bundleFresh(name)) continue;
    const outfile = await bundleCli(name);
    if (outfile) console.log(`bundled ${relative(ROOT, outfile)}`);
    else
      console.warn(`${name}: tsc -b ran while bundling; the CLI runs dist/cli/main.js until the next bundle`);
  }
}
