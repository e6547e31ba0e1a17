/**
 * What each `bin/<cli>.js` runs. The package's start-up bundle (`dist/cli.bundle.js`, made by
 * scripts/bundle-cli.mjs: the CLI in one file, about 0.3 s quicker to start) is used only when it is
 * newer than the last `tsc -b` of the package and of server-kit (their `.tsbuildinfo`, rewritten on
 * every build that changes anything); otherwise the compiled `dist/cli/main.js` runs, so a build
 * without a new bundle never runs old code. Kept apart from the rest of the kit: a bin loads nothing
 * else before its CLI.
 */
import { statSync } from 'node:fs';

export const CLI_BUNDLE = 'dist/cli.bundle.js';

function mtime(url: URL, missing: number): number {
  return statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? missing;
}

/** The build records a bundle of the package at `packageUrl` (ending in `/`) must be newer than. */
export function cliBuildRecords(packageUrl: URL): URL[] {
  return [new URL('dist/.tsbuildinfo', packageUrl), new URL('../server-kit/dist/.tsbuildinfo', packageUrl)];
}

/** Whether the bundle is newer than every one of `sources` (a missing source counts as newest). */
export function bundleNewerThan(packageUrl: URL, sources: readonly URL[]): boolean {
  const built = Math.max(...sources.map((source) => mtime(source, Infinity)));
  return mtime(new URL(CLI_BUNDLE, packageUrl), 0) > built;
}

/** Runs the CLI of the package at `packageUrl`: its fresh bundle, or its compiled entry. */
export async function launchCli(packageUrl: URL, argv: readonly string[]): Promise<void> {
  const entry = bundleNewerThan(packageUrl, cliBuildRecords(packageUrl)) ? CLI_BUNDLE : 'dist/cli/main.js';
  const cli = (await import(new URL(entry, packageUrl).href)) as {
    main: (argv: readonly string[]) => Promise<void>;
  };
  await cli.main(argv);
}
