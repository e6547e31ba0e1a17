// `npm run bench`: runs every benchmark under bench/ (TypeScript through tsx), one after another,
// so they do not compete for the machine's two cores. `npm run bench -- NAME` runs the matching ones.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildWorkspace, ROOT } from './prepare.mjs';

const filter = process.argv[2] ?? '';
const benches = readdirSync(join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
// Benchmarks that start a service run its compiled binary: build first.
buildWorkspace();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', file)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
