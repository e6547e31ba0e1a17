// What `npm start` and `npm test` do first on any machine, fresh or not: install the npm
// dependencies when they are missing or older than the lock file, build the TypeScript
// (incremental, so quick when nothing changed), and check the system tools.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemTools } from './system-tools.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${command} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function dependenciesCurrent() {
  const installed = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return false;
  return statSync(installed).mtimeMs >= statSync(join(ROOT, 'package-lock.json')).mtimeMs;
}

/**
 * Compiles every package to `dist/` (incremental): what the CLI binaries run; then each CLI's
 * start-up bundle, `dist/cli.bundle.js` (scripts/bundle-cli.mjs), which they run while it is newer
 * than that build; then the verification platform's web application (scripts/build-web.mjs, only
 * when its sources changed).
 */
export function buildWorkspace() {
  run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']);
  run(process.execPath, [join(ROOT, 'scripts', 'bundle-cli.mjs')]);
  run(process.execPath, [join(ROOT, 'scripts', 'build-web.mjs')]);
}

export function prepareWorkspace() {
  if (!dependenciesCurrent()) run('npm', ['ci']);
  buildWorkspace();
  return ensureSystemTools();
}
