// The verification platform's web application: Vite builds packages/verification/web into
// packages/verification/dist/web, which the platform serves at `/`. Skipped while that build is
// newer than every input (the web sources, the SDK files they import, the lock file), so
// `npm start` and `npm test` pay for it only after a change.
//
//   node scripts/build-web.mjs           build when stale
//   node scripts/build-web.mjs --force   build anyway
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'packages', 'verification');
const CONFIG = join(PACKAGE, 'web', 'vite.config.ts');
const OUTPUT = join(PACKAGE, 'dist', 'web', 'index.html');
const INPUTS = [
  join(PACKAGE, 'web'),
  join(PACKAGE, 'src', 'client', 'errors.ts'),
  join(PACKAGE, 'src', 'client', 'gen', 'openapi.ts'),
  join(ROOT, 'package-lock.json'),
];

/** The newest modification time under a file or folder (node_modules, Vite's cache, left out). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

function stale() {
  let built;
  try {
    built = statSync(OUTPUT).mtimeMs;
  } catch {
    return true;
  }
  return INPUTS.some((input) => newest(input) > built);
}

export async function buildWebApp({ force = false } = {}) {
  if (!force && !stale()) return;
  const started = performance.now();
  const { build } = await import('vite');
  await build({ configFile: CONFIG, logLevel: 'warn' });
  console.log(
    `web application built into ${OUTPUT.replace(ROOT, '')} in ${Math.round(performance.now() - started)} ms`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWebApp({ force: process.argv.includes('--force') });
}
