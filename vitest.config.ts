import { defineConfig } from 'vitest/config';

const packages = ['server-kit', 'hypervisor', 'verification', 'quantum'];

export default defineConfig({
  test: {
    projects: [
      ...packages.map((name) => ({
        // Workspace packages resolve to their TypeScript sources, so tests never run stale builds.
        resolve: { conditions: ['@lab/source'] },
        ssr: { resolve: { conditions: ['@lab/source'] } },
        test: {
          name,
          root: `packages/${name}`,
          // verification's web application has unit tests of its pure logic beside it (Node).
          include:
            name === 'verification' ? ['test/**/*.test.ts', 'web/src/**/*.test.ts'] : ['test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
      // The root scripts (npm start) tested end to end.
      { test: { name: 'scripts', root: 'scripts', include: ['test/**/*.test.ts'] } },
    ],
  },
});
