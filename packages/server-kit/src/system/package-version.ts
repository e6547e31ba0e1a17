import { readFileSync } from 'node:fs';

/**
 * The `version` of the package.json at `packageJson`: a service's version is written there once,
 * and its OpenAPI document, `/health` and CLI `--version` all read it from there.
 */
export function readPackageVersion(packageJson: URL): string {
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') throw new TypeError(`${packageJson.pathname} has no version`);
  return version;
}
