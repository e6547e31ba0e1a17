import { readFileSync } from 'node:fs';

/** The package version, read from package.json so it is written in one place. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
