#!/usr/bin/env node
// The CLI from its start-up bundle when that is fresh, else from dist/ (see server-kit's cli/launch.ts).
import { launchCli } from '@lab/server-kit/launch';

await launchCli(new URL('..', import.meta.url), process.argv);
