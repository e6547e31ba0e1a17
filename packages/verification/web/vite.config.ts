// The web application's build: `vite build --config packages/verification/web/vite.config.ts`
// (run by the root `build` and `prepare`) writes packages/verification/dist/web/, which the
// platform serves at `/`. Preact's JSX through Vite's own transformer (oxc), so no plugin.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Assets stay files: the CSP allows images from 'self', and inlined data: URLs would bloat the JS.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
