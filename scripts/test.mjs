// `npm test`: prepare the workspace like `npm start`, run every package's tests with Vitest,
// and end with one line `N passed, N failed, N skipped`. Extra arguments go to Vitest
// (`npm test -- packages/server-kit`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareWorkspace, ROOT } from './prepare.mjs';

prepareWorkspace();
const results = join(ROOT, '.test-results', 'vitest.json');
mkdirSync(join(ROOT, '.test-results'), { recursive: true });
rmSync(results, { force: true });

const vitest = spawnSync(
  process.execPath,
  [
    join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}`,
    ...process.argv.slice(2),
  ],
  { cwd: ROOT, stdio: 'inherit' },
);

if (!existsSync(results)) {
  console.log('0 passed, 1 failed');
  console.error('vitest wrote no results');
  process.exit(vitest.status || 1);
}
const report = JSON.parse(readFileSync(results, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
// Suites that fail to load count as failures even though they contain no test that ran.
const brokenSuites = report.testResults.filter(
  (s) => s.status === 'failed' && s.assertionResults.length === 0,
).length;
const failed = report.numFailedTests + brokenSuites;
console.log(
  `\n${report.numPassedTests} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
);
process.exit(vitest.status ?? 1);
