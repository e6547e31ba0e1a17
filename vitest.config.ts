import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const packages = ['server-kit', 'hypervisor', 'verification', 'quantum'];
const EXTRA_TESTS: Record<string, string[]> = {
  hypervisor: ['clients/typescript/test/**/*.test.ts'],
  verification: ['web/src/**/*.test.ts'],
};

export default defineConfig({
  test: {
    // Most test files wait on child processes (QEMU, Verilator, the services they start) more than
    // they compute, so two files run at once even on 2 cores, where Vitest's default (cores - 1)
    // would run one at a time and leave a core idle while QEMU's TCG keeps the other busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...packages.map((name) => ({
        // Workspace packages resolve to their TypeScript sources, so tests never run stale builds.
        resolve: { conditions: ['@lab/source'] },
        ssr: { resolve: { conditions: ['@lab/source'] } },
        test: {
          name,
          root: `packages/${name}`,
          // verification's web application has unit tests of its pure logic beside it (Node); the
          // hypervisor's TypeScript client library has its own tests inside its package.
          include: ['test/**/*.test.ts', ...(EXTRA_TESTS[name] ?? [])],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
      // The root scripts (npm start) tested end to end.
      { test: { name: 'scripts', root: 'scripts', include: ['test/**/*.test.ts'] } },
    ],
  },
});
