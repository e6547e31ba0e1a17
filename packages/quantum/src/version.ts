import { readPackageVersion } from '@lab/server-kit/system';

/** The package version, which is also the API's: written once, in package.json. */
export const VERSION = readPackageVersion(new URL('../package.json', import.meta.url));
